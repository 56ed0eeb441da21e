/**
 * The benchmark harness: starts each case's servers as separate processes, drives them with
 * autocannon on 127.0.0.1 for a bounded time, A/B interleaved over several rounds (the order
 * moves one place every other round and is reversed every other round), and reduces the rounds to
 * medians and same-round ratios.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Case, RequestSpec, Variant } from './cases';
import { fieldMismatches } from './field-mismatches';
import type { HarnessMessage, ServerMessage } from './server';

export interface RunOptions {
  readonly cases: readonly Case[];
  /** Seconds of load per variant and round. */
  readonly duration: number;
  /** The length of the slices a round's load is cut into, in seconds (1 by default). */
  readonly slice?: number;
  readonly rounds: number;
  /** Seconds of load per variant before the first round (JIT warm-up). */
  readonly warmup: number;
  readonly connections: number;
  /** Progress lines go here. */
  readonly log?: (line: string) => void;
  /** The commit the `@base` variants run (`--baseline`), recorded with the figures. */
  readonly baseline?: BaselineRef;
}

/** The git ref given to `--baseline` and the commit it named. */
export interface BaselineRef {
  readonly ref: string;
  readonly commit: string;
}

/** One measurement of one variant. */
export interface Sample {
  readonly round: number;
  readonly rps: number;
  readonly p99Ms: number;
  readonly cpuMicrosPerRequest: number;
  readonly requests: number;
  readonly errors: number;
  readonly unexpected: number;
  readonly statuses: Readonly<Record<string, number>>;
}

export interface VariantResult {
  readonly id: string;
  readonly server: string;
  readonly samples: readonly Sample[];
  readonly medianRps: number;
  readonly medianP99Ms: number;
  readonly medianCpuMicrosPerRequest: number;
  readonly errors: number;
  readonly unexpected: number;
  /** What the one request after the rounds answered otherwise than the variant should (empty when all was right). */
  readonly wrongAfterRounds: readonly string[];
  /** Peak live memory above the request's start, in bytes (variants with `memory`). */
  readonly peakMemoryBytes?: number;
}

export interface RatioResult {
  readonly label: string;
  readonly of: string;
  readonly to: string;
  readonly metric?: 'rps' | 'cpu';
  readonly perRound: readonly number[];
  readonly median: number;
  readonly min?: number;
  readonly max?: number;
  readonly met?: boolean;
}

export interface MemoryResult {
  readonly variant: string;
  readonly bytes: number;
  readonly factor: number;
  readonly peakBytes: number;
  readonly met: boolean;
}

export interface CaseResult {
  readonly id: string;
  readonly title: string;
  readonly variants: readonly VariantResult[];
  readonly ratios: readonly RatioResult[];
  readonly memory: readonly MemoryResult[];
}

export interface RunResult {
  readonly startedAt: string;
  readonly machine: Machine;
  readonly settings: { readonly duration: number; readonly slice: number; readonly rounds: number; readonly warmup: number; readonly connections: number };
  readonly cases: readonly CaseResult[];
  readonly baseline?: BaselineRef;
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly os: string;
  readonly node: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A server process and a way to ask it things. */
class ServerProcess {
  private readonly waiting: ((message: ServerMessage) => void)[] = [];

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    readonly origin: string,
  ) {
    child.on('message', (message: ServerMessage) => this.waiting.shift()?.(message));
  }

  /** Starts `<root>/bench/server.ts <name>`: this tree's by default, a baseline checkout's (its own src/) when given. */
  static async start(name: string, exposeGc: boolean, root?: string): Promise<ServerProcess> {
    const child = fork(path.join(root ?? path.join(__dirname, '..'), 'bench', 'server.ts'), [name], {
      execArgv: ['--import', 'tsx', ...(exposeGc ? ['--expose-gc'] : [])],
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      ...(root !== undefined && { cwd: root }),
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message: ServerMessage) => (message.kind === 'listening' ? resolve(message.port) : reject(new Error(`unexpected ${message.kind}`))));
      child.once('exit', (code) => reject(new Error(`server ${name} exited with ${code}`)));
    });
    child.removeAllListeners('exit');
    return new ServerProcess(name, child, `http://127.0.0.1:${port}`);
  }

  ask<K extends ServerMessage['kind']>(kind: HarnessMessage['kind'], answer: K): Promise<Extract<ServerMessage, { kind: K }>> {
    return new Promise((resolve, reject) => {
      this.waiting.push((message) => (message.kind === answer ? resolve(message as Extract<ServerMessage, { kind: K }>) : reject(new Error(`expected ${answer}, got ${message.kind}`))));
      this.child.send({ kind } satisfies HarnessMessage);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    await exited;
  }
}

function load(origin: string, request: RequestSpec, headers: Readonly<Record<string, string>>, seconds: number, connections: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${origin}${request.path}`,
    method: request.method,
    headers: { ...request.headers, ...headers },
    ...(request.body !== undefined && { body: request.body }),
    ...(request.idReplacement === true && { idReplacement: true }),
    connections,
    pipelining: 1,
    duration: seconds,
  });
}

/**
 * A single request, to check a variant answers what it should (its status and the fields it
 * declares) before it is measured and after.
 */
async function check(origin: string, variant: Variant, headers: Readonly<Record<string, string>>): Promise<string[]> {
  const response = await send(origin, variant.request, headers);
  if (response.status !== variant.status) return [`expected ${variant.status}, got ${response.status}: ${response.body.slice(0, 300)}`];
  return fieldMismatches(variant.fields ?? {}, response.headers);
}

/**
 * One request with node:http, headers exactly as given (fetch would add `Cache-Control: no-cache`
 * to a conditional request, which makes Express answer 200).
 */
export function send(origin: string, request: RequestSpec, headers: Readonly<Record<string, string>> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${request.path}`, { method: request.method, headers: { ...request.headers, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Sends `count` requests one after the other, each answered as the variant should be. */
async function sequential(origin: string, variant: Variant, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await expectAnswer(origin, variant, {});
}

/** {@link check}, throwing what the answer got wrong: a variant that fails it is not measured. */
async function expectAnswer(origin: string, variant: Variant, headers: Readonly<Record<string, string>>): Promise<void> {
  const wrong = await check(origin, variant, headers);
  if (wrong.length > 0) throw new Error(`${variant.id}: ${wrong.join('; ')}`);
}

function connectionsFor(variant: Variant, connections: number): number {
  if (variant.connections !== undefined) return variant.connections;
  // A megabyte per request: a few connections saturate the server without queueing 10 MB.
  return variant.request.body !== undefined && variant.request.body.length > 100_000 ? Math.min(connections, 4) : connections;
}

/** What one slice of load gave, to be added up over a round. */
interface Slice {
  readonly seconds: number;
  readonly answered: number;
  readonly expected: number;
  readonly errors: number;
  readonly p99Ms: number;
  readonly cpuMicros: number;
  readonly served: number;
  readonly statuses: Readonly<Record<string, number>>;
}

async function measureSlice(server: ServerProcess, variant: Variant, headers: Readonly<Record<string, string>>, seconds: number, connections: number): Promise<Slice> {
  const before = await server.ask('usage', 'usage');
  const result = await load(server.origin, variant.request, headers, seconds, connectionsFor(variant, connections));
  const after = await server.ask('usage', 'usage');
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count;
  return {
    seconds: result.duration ?? seconds,
    answered: Object.values(statuses).reduce((sum, n) => sum + n, 0),
    expected: statuses[String(variant.status)] ?? 0,
    // autocannon counts a timeout among the errors as well.
    errors: result.errors,
    p99Ms: result.latency.p99,
    cpuMicros: after.cpuMicros - before.cpuMicros,
    served: after.requests - before.requests,
    statuses,
  };
}

/** One round's sample of a variant: its slices added up (throughput over their total time). */
function sampleOf(round: number, slices: readonly Slice[]): Sample {
  const sum = (f: (slice: Slice) => number): number => slices.reduce((total, slice) => total + f(slice), 0);
  const statuses: Record<string, number> = {};
  for (const slice of slices) for (const [code, n] of Object.entries(slice.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const served = sum((slice) => slice.served);
  return {
    round,
    rps: sum((slice) => slice.answered) / sum((slice) => slice.seconds),
    p99Ms: median(slices.map((slice) => slice.p99Ms)),
    cpuMicrosPerRequest: served === 0 ? Number.NaN : sum((slice) => slice.cpuMicros) / served,
    requests: sum((slice) => slice.answered),
    errors: sum((slice) => slice.errors),
    unexpected: sum((slice) => slice.answered - slice.expected),
    statuses,
  };
}

/** Runs the cases and answers their results; every server process started is stopped. */
export async function runBench(options: RunOptions): Promise<RunResult> {
  const log = options.log ?? (() => undefined);
  const startedAt = new Date().toISOString();
  const cases: CaseResult[] = [];
  for (const benchCase of options.cases) {
    log(`\n${benchCase.title}`);
    // One process per server and checkout: a baseline's server runs apart from this tree's.
    const processes = new Map<string, ServerProcess>();
    const keyOf = (variant: Variant): string => `${variant.root ?? ''}\0${variant.server}`;
    const serverOf = (variant: Variant): ServerProcess => processes.get(keyOf(variant))!;
    try {
      for (const variant of benchCase.variants) {
        if (processes.has(keyOf(variant))) continue;
        const exposeGc = benchCase.variants.some((v) => keyOf(v) === keyOf(variant) && v.memory === true);
        processes.set(keyOf(variant), await ServerProcess.start(variant.server, exposeGc, variant.root));
      }
      const extra = new Map<string, Readonly<Record<string, string>>>();
      for (const variant of benchCase.variants) {
        const server = serverOf(variant);
        const headers = variant.prepare === undefined ? {} : await variant.prepare(server.origin);
        extra.set(variant.id, headers);
        await expectAnswer(server.origin, variant, headers);
      }
      if (options.warmup > 0) {
        for (const variant of benchCase.variants) {
          await load(serverOf(variant).origin, variant.request, extra.get(variant.id)!, options.warmup, connectionsFor(variant, options.connections));
        }
      }
      const samples = new Map<string, Sample[]>(benchCase.variants.map((v) => [v.id, []]));
      for (let round = 0; round < options.rounds; round++) {
        const count = benchCase.variants.length;
        // Move the order one place every other round, and reverse it every other round (A B C,
        // C B A, B C A, A C B, ...), so no variant always runs first or right after a heavy one, and
        // slow drifts of the machine's speed weigh on both sides of a ratio alike.
        const rotated = benchCase.variants.map((_v, i) => benchCase.variants[(i + Math.floor(round / 2)) % count]!);
        const order = round % 2 === 0 ? rotated : rotated.reverse();
        // Each variant's time in the round is cut into slices taken in turn (A B C A B C ...), so
        // that the variants of a ratio are measured seconds apart, not a whole round apart.
        const passes = Math.max(1, Math.round(options.duration / (options.slice ?? 1)));
        const slices = new Map<string, Slice[]>(order.map((v) => [v.id, []]));
        for (let pass = 0; pass < passes; pass++) {
          for (const variant of order) {
            slices.get(variant.id)!.push(await measureSlice(serverOf(variant), variant, extra.get(variant.id)!, options.duration / passes, options.connections));
          }
        }
        for (const variant of order) {
          const sample = sampleOf(round, slices.get(variant.id)!);
          samples.get(variant.id)!.push(sample);
          log(`  round ${round + 1} ${variant.id.padEnd(16)} ${sample.rps.toFixed(0).padStart(7)} req/s  p99 ${String(sample.p99Ms).padStart(4)} ms  ${sample.cpuMicrosPerRequest.toFixed(1).padStart(6)} us CPU/req${sample.errors + sample.unexpected > 0 ? `  errors ${sample.errors} unexpected ${sample.unexpected} ${JSON.stringify(sample.statuses)}` : ''}`);
        }
      }
      // Still answering as it should after the load (a cache hit is still a hit); what is not is
      // reported with the figures, which are kept.
      const afterRounds = new Map<string, string[]>();
      for (const variant of benchCase.variants) afterRounds.set(variant.id, await check(serverOf(variant).origin, variant, extra.get(variant.id)!));
      const peaks = new Map<string, number>();
      for (const variant of benchCase.variants.filter((v) => v.memory === true)) {
        const server = serverOf(variant);
        await server.ask('probe-start', 'probing');
        await sequential(server.origin, variant, 5);
        const probe = await server.ask('probe-stop', 'probe');
        peaks.set(variant.id, probe.peakBytes);
        log(`  memory ${variant.id}: peak live ${(probe.peakBytes / 2 ** 20).toFixed(2)} MiB above the request's start (${probe.requests} requests)`);
      }
      cases.push(summarise(benchCase, samples, peaks, afterRounds));
    } finally {
      for (const server of processes.values()) await server.stop();
    }
  }
  return {
    startedAt,
    machine: machine(),
    settings: { duration: options.duration, slice: options.slice ?? 1, rounds: options.rounds, warmup: options.warmup, connections: options.connections },
    cases,
    ...(options.baseline !== undefined && { baseline: options.baseline }),
  };
}

function summarise(benchCase: Case, samples: ReadonlyMap<string, readonly Sample[]>, peaks: ReadonlyMap<string, number>, afterRounds: ReadonlyMap<string, readonly string[]>): CaseResult {
  const variants = benchCase.variants.map((variant): VariantResult => {
    const own = samples.get(variant.id)!;
    const peak = peaks.get(variant.id);
    return {
      id: variant.id,
      server: variant.server,
      samples: own,
      medianRps: median(own.map((s) => s.rps)),
      medianP99Ms: median(own.map((s) => s.p99Ms)),
      medianCpuMicrosPerRequest: median(own.map((s) => s.cpuMicrosPerRequest)),
      errors: own.reduce((sum, s) => sum + s.errors, 0),
      unexpected: own.reduce((sum, s) => sum + s.unexpected, 0),
      wrongAfterRounds: afterRounds.get(variant.id) ?? [],
      ...(peak !== undefined && { peakMemoryBytes: peak }),
    };
  });
  const ratios = benchCase.ratios.map((ratio): RatioResult => {
    const of = samples.get(ratio.of)!;
    const to = samples.get(ratio.to)!;
    const perRound = of.map((sample, i) => (ratio.metric === 'cpu' ? sample.cpuMicrosPerRequest / to[i]!.cpuMicrosPerRequest : sample.rps / to[i]!.rps));
    const value = median(perRound);
    const met = ratio.min === undefined && ratio.max === undefined ? undefined : value >= (ratio.min ?? -Infinity) && value <= (ratio.max ?? Infinity);
    return { ...ratio, perRound, median: value, ...(met !== undefined && { met }) };
  });
  const memory = (benchCase.memoryTargets ?? []).map((target): MemoryResult => {
    const peakBytes = peaks.get(target.variant) ?? Number.NaN;
    return { ...target, peakBytes, met: peakBytes < target.factor * target.bytes };
  });
  return { id: benchCase.id, title: benchCase.title, variants, ratios, memory };
}
