import { CASES } from '../../bench/cases';
import { runBench } from '../../bench/harness';
import { formatReport } from '../../bench/report';

/**
 * Keeps `npm run bench` working: one short round of the JSON GET case against two real server
 * processes. Figures depend on the machine and whatever else runs on it, so nothing is asserted
 * about speed; only that every request got the status it should.
 */
describe('runBench(options)', () => {
  it('should measure the DSL and bare Express with no errors and no unexpected statuses', async () => {
    const jsonGet = CASES.find((c) => c.id === 'json-get')!;
    const smoke = { ...jsonGet, variants: jsonGet.variants.filter((v) => v.id === 'dsl' || v.id === 'express'), ratios: [jsonGet.ratios[1]!] };
    const run = await runBench({ cases: [smoke], duration: 1, rounds: 1, warmup: 0, connections: 2 });
    const [result] = run.cases;
    expect(result!.variants.map((v) => v.id)).toEqual(['express', 'dsl']);
    for (const variant of result!.variants) {
      expect(variant.errors).toBe(0);
      expect(variant.unexpected).toBe(0);
      expect(variant.samples[0]!.requests).toBeGreaterThan(0);
    }
    expect(result!.ratios[0]!.median).toBeGreaterThan(0);
    expect(formatReport(run)).toContain('app.use(api.middleware()) / bare Express');
  }, 60_000);
});
