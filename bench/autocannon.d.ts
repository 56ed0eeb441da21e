/** The part of autocannon's API the harness uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      connections?: number;
      pipelining?: number;
      duration?: number;
      /** Replace each `[<id>]` in the body with a new random id, per request. */
      idReplacement?: boolean;
    }
    interface Histogram {
      average: number;
      p99: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      /** Seconds the run actually took. */
      duration?: number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
