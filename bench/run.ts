/**
 * `npm run bench`: runs the cases of issue 6 and prints the table; writes the figures to
 * bench/results/<time>.json and the table into docs/performance.md (between its bench markers).
 *
 *   npm run bench -- --duration 4 --rounds 5 --warmup 2 --connections 10 --case json-get,cache --no-docs
 *   npm run bench -- --baseline <git-ref> --case json-get,conditional --rounds 3 --duration 3
 *
 * With `--baseline`, every variant is also measured on the library of that ref, as `<id>@base`, in
 * the same rounds (bench/baseline.ts); the docs are left alone.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BaselineCheckout, checkoutBaseline, withBaseline } from './baseline';
import { parseBenchArgs } from './bench-args';
import { CASES } from './cases';
import { runBench } from './harness';
import { formatReport } from './report';
import { runStreamedDownload } from './streamed-download';
import { UPLOAD_CASE_ID, formatUploadMemory, measureUploadMemory } from './upload-memory';
import { type RedisServer, startRedis } from '../__tests__/setup/redis-server';

const args = parseBenchArgs(process.argv.slice(2));

/** The memory case of issue 25 (not an autocannon load): a 100 MB upload, heap sampled. */
async function uploadCase(): Promise<void> {
  const { lines, ok } = formatUploadMemory(await measureUploadMemory());
  console.log(`\n| case | what | peak growth | target |\n|---|---|---|---|\n${lines.join('\n')}`);
  if (!ok) process.exitCode = 1;
}

async function main(): Promise<void> {
  const wanted = args.cases;
  // The memory cases of issue 25 (a streamed download, an upload) measure memory, not throughput:
  // each runs on its own, in this process (and never against a baseline: only when named then).
  const memoryCase = (id: string): boolean => (wanted === undefined ? args.baseline === undefined : wanted.includes(id));
  const download = memoryCase('stream-download');
  const upload = memoryCase(UPLOAD_CASE_ID);
  const selected = wanted === undefined ? CASES : CASES.filter((c) => wanted.includes(c.id) && c.id !== UPLOAD_CASE_ID);
  if (download && !(await runStreamedDownload((line) => console.log(line)))) {
    console.error('The streamed download grew the heap by 16 MiB or more, or came back short');
    process.exitCode = 1;
  }
  if (upload) await uploadCase();
  if ((download || upload) && selected.length === 0) return;
  if (selected.length === 0) throw new Error(`No case among ${CASES.map((c) => c.id).join(', ')}, stream-download, ${UPLOAD_CASE_ID}`);
  const root = path.join(__dirname, '..');
  let baseline: BaselineCheckout | undefined;
  if (args.baseline !== undefined) {
    baseline = checkoutBaseline(args.baseline, root);
    const { remove } = baseline;
    // The temporary worktree goes however the run ends.
    process.once('exit', remove);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
    console.log(`Baseline ${args.baseline} (${baseline.commit}) checked out in ${baseline.root}`);
  }
  const cases = baseline === undefined ? selected : selected.map((c) => withBaseline(c, baseline.root));
  // The two-tier cache case reads a redis-server of its own, on a free port, stopped at the end.
  let redis: RedisServer | undefined;
  if (cases.some((c) => c.redis === true)) {
    redis = await startRedis({ maxmemory: '64mb' });
    process.env.BENCH_REDIS_URL = redis.url;
  }
  const run = await runBench({
    cases,
    duration: args.duration,
    rounds: args.rounds,
    warmup: args.warmup,
    slice: args.slice,
    connections: args.connections,
    log: (line) => console.log(line),
    ...(baseline !== undefined && { baseline: { ref: baseline.ref, commit: baseline.commit } }),
  }).finally(async () => {
    baseline?.remove();
    await redis?.stop();
  });
  const report = formatReport(run);
  console.log(`\n${report}`);
  const failing = run.cases.flatMap((c) => c.variants.filter((v) => v.errors > 0 || v.unexpected > 0 || v.wrongAfterRounds.length > 0).map((v) => `${c.id}/${v.id}`));
  if (failing.length > 0) {
    // A target missed is reported in the table; an error, an unexpected status or a wrong answer
    // after the rounds fails the run, and its figures do not replace the table in the docs.
    console.error(`Errors, unexpected statuses or wrong answers in ${failing.join(', ')}`);
    process.exitCode = 1;
  }
  const results = path.join(root, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  const file = path.join(results, `${run.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`Figures written to ${path.relative(root, file)}`);
  if (args.docs && wanted === undefined && baseline === undefined && failing.length === 0) {
    const docs = path.join(root, 'docs', 'performance.md');
    const text = readFileSync(docs, 'utf8');
    const start = '<!-- bench:start -->';
    const end = '<!-- bench:end -->';
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from === -1 || to === -1) throw new Error(`${docs} has no ${start} ... ${end} section`);
    writeFileSync(docs, `${text.slice(0, from + start.length)}\n${report}\n${text.slice(to)}`);
    console.log(`Table written to docs/performance.md`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
