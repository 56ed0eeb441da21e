/**
 * `npm run bench`: runs the cases of issue 6 and prints the table; writes the figures to
 * bench/results/<time>.json and the table into docs/performance.md (between its bench markers).
 *
 *   npm run bench -- --duration 4 --rounds 5 --warmup 2 --connections 10 --case json-get,cache --no-docs
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CASES } from './cases';
import { runBench } from './harness';
import { formatReport } from './report';
import { runStreamedDownload } from './streamed-download';
import { UPLOAD_CASE_ID, formatUploadMemory, measureUploadMemory } from './upload-memory';
import { type RedisServer, startRedis } from '../__tests__/setup/redis-server';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    slice: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    case: { type: 'string' },
    'no-docs': { type: 'boolean', default: false },
  },
});

/** The memory case of issue 25 (not an autocannon load): a 100 MB upload, heap sampled. */
async function uploadCase(): Promise<void> {
  const { lines, ok } = formatUploadMemory(await measureUploadMemory());
  console.log(`\n| case | what | peak growth | target |\n|---|---|---|---|\n${lines.join('\n')}`);
  if (!ok) process.exitCode = 1;
}

async function main(): Promise<void> {
  const wanted = values.case?.split(',');
  // The memory cases of issue 25 (a streamed download, an upload) measure memory, not throughput:
  // each runs on its own, in this process.
  const download = wanted === undefined || wanted.includes('stream-download');
  const upload = wanted === undefined || wanted.includes(UPLOAD_CASE_ID);
  const cases = wanted === undefined ? CASES : CASES.filter((c) => wanted.includes(c.id) && c.id !== UPLOAD_CASE_ID);
  if (download && !(await runStreamedDownload((line) => console.log(line)))) {
    console.error('The streamed download grew the heap by 16 MiB or more, or came back short');
    process.exitCode = 1;
  }
  if (upload) await uploadCase();
  if ((download || upload) && cases.length === 0) return;
  if (cases.length === 0) throw new Error(`No case among ${CASES.map((c) => c.id).join(', ')}, stream-download, ${UPLOAD_CASE_ID}`);
  // The two-tier cache case reads a redis-server of its own, on a free port, stopped at the end.
  let redis: RedisServer | undefined;
  if (cases.some((c) => c.redis === true)) {
    redis = await startRedis({ maxmemory: '64mb' });
    process.env.BENCH_REDIS_URL = redis.url;
  }
  const run = await runBench({
    cases,
    duration: Number(values.duration),
    rounds: Number(values.rounds),
    warmup: Number(values.warmup),
    slice: Number(values.slice),
    connections: Number(values.connections),
    log: (line) => console.log(line),
  }).finally(() => redis?.stop());
  const report = formatReport(run);
  console.log(`\n${report}`);
  const failing = run.cases.flatMap((c) => c.variants.filter((v) => v.errors > 0 || v.unexpected > 0 || v.wrongAfterRounds.length > 0).map((v) => `${c.id}/${v.id}`));
  if (failing.length > 0) {
    // A target missed is reported in the table; an error, an unexpected status or a wrong answer
    // after the rounds fails the run, and its figures do not replace the table in the docs.
    console.error(`Errors, unexpected statuses or wrong answers in ${failing.join(', ')}`);
    process.exitCode = 1;
  }
  const root = path.join(__dirname, '..');
  const results = path.join(root, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  const file = path.join(results, `${run.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`Figures written to ${path.relative(root, file)}`);
  if (!values['no-docs'] && wanted === undefined && failing.length === 0) {
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
