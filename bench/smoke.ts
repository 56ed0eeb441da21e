/**
 * A one-second run of the harness for the smoke test (`__tests__/bench/harness.test.ts`): the DSL and
 * bare Express on the JSON GET case, one round, the results as JSON on stdout. A process of its own,
 * so that the test runner never loads autocannon.
 */
import { CASES } from './cases';
import { runBench } from './harness';
import { formatReport } from './report';

async function main(): Promise<void> {
  const jsonGet = CASES.find((c) => c.id === 'json-get')!;
  const smoke = {
    ...jsonGet,
    variants: jsonGet.variants.filter((v) => v.id === 'dsl' || v.id === 'express'),
    ratios: jsonGet.ratios.filter((r) => r.of === 'dsl' && r.to === 'express'),
  };
  const run = await runBench({ cases: [smoke], duration: 1, rounds: 1, warmup: 0, connections: 2 });
  process.stdout.write(JSON.stringify({ run, report: formatReport(run) }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
