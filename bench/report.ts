/** The results of a run as Markdown tables. */
import { compareWithBaseline, formatBaselineTable } from './baseline';
import type { RatioResult, RunResult } from './harness';

const number = (value: number, digits = 0): string =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

/** autocannon records latencies in whole milliseconds, so a p99 under 1 (a median of 0 or 0.5) says only that. */
const latency = (ms: number): string => (ms < 1 ? '< 1' : number(ms, ms % 1 === 0 ? 0 : 1));

/** A ratio's target as the table says it: `>= 1.0` for throughput, `<= 3` for CPU time. */
const targetOf = (r: RatioResult): string => [r.min === undefined ? '' : `>= ${r.min}`, r.max === undefined ? '' : `<= ${r.max}`].filter((t) => t !== '').join(', ');

export function formatReport(run: RunResult): string {
  const { machine: m, settings: s } = run;
  const lines: string[] = [
    `Run ${run.startedAt} on ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}; autocannon on 127.0.0.1, ` +
      `${s.connections} connections, ${s.rounds} rounds of ${s.duration} s per variant in ${s.slice} s slices taken in turn, after ${s.warmup} s of warm-up; medians.` +
      (run.baseline === undefined ? '' : ` Each \`<id>@base\` variant runs the same server on the library of ${run.baseline.ref} (${run.baseline.commit.slice(0, 7)}), in the same rounds.`),
    '',
  ];
  for (const c of run.cases) {
    lines.push(`### ${c.title}`, '', '| variant | req/s | p99 ms | server CPU us/req | errors | unexpected status |', '|---|---:|---:|---:|---:|---:|');
    for (const v of c.variants) {
      lines.push(
        `| ${v.id} | ${number(v.medianRps)} | ${latency(v.medianP99Ms)} | ${number(v.medianCpuMicrosPerRequest, 1)} | ${v.errors} | ${v.unexpected} |`,
      );
    }
    const wrong = c.variants.filter((v) => v.wrongAfterRounds.length > 0);
    if (wrong.length > 0) lines.push('', ...wrong.map((v) => `**${v.id} answered wrongly after its rounds:** ${v.wrongAfterRounds.join('; ')}`));
    lines.push('', '| ratio (same round, median) | value | target | |', '|---|---:|---:|---|');
    for (const r of c.ratios) {
      lines.push(`| ${r.label} | ${number(r.median, 2)} | ${targetOf(r)} | ${r.met === undefined ? '' : r.met ? 'met' : '**not met**'} |`);
    }
    for (const mem of c.memory) {
      lines.push(
        `| ${mem.variant} peak live memory / body | ${number(mem.peakBytes / mem.bytes, 2)} (${number(mem.peakBytes / 2 ** 20, 2)} MiB) | < ${mem.factor} | ${mem.met ? 'met' : '**not met**'} |`,
      );
    }
    if (run.baseline !== undefined) lines.push('', ...formatBaselineTable(compareWithBaseline(c), run.baseline));
    lines.push('');
  }
  return lines.join('\n');
}
