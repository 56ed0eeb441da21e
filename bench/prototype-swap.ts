/**
 * `npx tsx bench/prototype-swap.ts`: what Express's per-request prototype swap does to the work
 * that follows it, in-process (no sockets). Express 5's `app.handle` calls
 * `Object.setPrototypeOf(res, app.response)` (and the same for `req`); after that, in V8 (Node 20),
 * every property added to the object gives it a map of its own instead of a shared transition, so
 * each request's `res` has a shape no inline cache has seen. Node's `writeHead` and `end` add
 * properties (`statusCode`, `statusMessage`, `_header`, ...), and every property access after them
 * misses. The middleware mount of the router pays this on every write; `api.wrap(app)` does not.
 * See docs/performance.md, "Where the time goes".
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import express from 'express';

const expressResponse = (express() as unknown as { response: object }).response;
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'max-age=60', etag: '"7;json"' };
const BODY = JSON.stringify({ id: '42', name: 'Item 42', tags: ['a', 'b'] });

interface Step {
  readonly label: string;
  readonly run: (res: ServerResponse) => void;
}

const STEPS: readonly Step[] = [
  { label: 'nothing (make req and res)', run: () => undefined },
  { label: 'read res.headersSent', run: (res) => void res.headersSent },
  { label: 'add a property (res.statusCode = 200)', run: (res) => void (res.statusCode = 200) },
  { label: 'set three headers', run: (res) => { for (const name in HEADERS) res.setHeader(name, HEADERS[name as keyof typeof HEADERS]); } },
  { label: 'set three headers, then end(body)', run: (res) => { for (const name in HEADERS) res.setHeader(name, HEADERS[name as keyof typeof HEADERS]); res.end(BODY); } },
];

/** Microseconds per iteration: make a request and response (swapped or not) and run the step. */
function measure(step: Step, swapped: boolean, iterations: number): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    const res = new ServerResponse(req);
    if (swapped) {
      Object.setPrototypeOf(res, expressResponse);
      // What Express adds after the swap.
      (res as ServerResponse & { locals: object }).locals = Object.create(null) as object;
    }
    step.run(res);
  }
  return Number(process.hrtime.bigint() - started) / iterations / 1000;
}

/** Whether two responses made the same way, with one property added after the swap, share a V8 map. */
function shareAMap(swapped: boolean): boolean {
  setFlagsFromString('--allow-natives-syntax');
  const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
  const [a, b] = [0, 1].map(() => {
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    if (swapped) Object.setPrototypeOf(res, expressResponse);
    res.statusCode = 200;
    return res;
  }) as [ServerResponse, ServerResponse];
  return sameMap(a, b);
}

function main(): void {
  console.log(`Two responses share a map after adding statusCode: plain ${shareAMap(false)}, after the swap ${shareAMap(true)}\n`);
  const iterations = 20_000;
  const rounds = 7;
  console.log('| step | plain res, us | after Express\'s swap, us |\n|---|---:|---:|');
  for (const step of STEPS) {
    let plain = Infinity;
    let swapped = Infinity;
    // Interleaved; the best of the rounds, as a micro-benchmark of a deterministic step.
    for (let round = 0; round < rounds; round++) {
      plain = Math.min(plain, measure(step, false, iterations));
      swapped = Math.min(swapped, measure(step, true, iterations));
    }
    console.log(`| ${step.label} | ${plain.toFixed(2)} | ${swapped.toFixed(2)} |`);
  }
}

main();
