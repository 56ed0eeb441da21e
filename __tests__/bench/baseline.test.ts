import { BASELINE_SUFFIX, compareWithBaseline, formatBaselineTable, withBaseline } from '../../bench/baseline';
import type { Case } from '../../bench/cases';
import type { CaseResult, Sample, VariantResult } from '../../bench/harness';

const request = { method: 'GET', path: '/items/42', headers: {} } as const;
const benchCase: Case = {
  id: 'json-get',
  title: '1. JSON GET',
  variants: [
    { id: 'express', server: 'express-json', request, status: 200 },
    { id: 'dsl', server: 'dsl', request, status: 200, fields: { etag: /^"/ } },
  ],
  ratios: [{ label: 'DSL / Express', of: 'dsl', to: 'express', min: 1 }],
};

describe('withBaseline(case, root)', () => {
  const twinned = withBaseline(benchCase, '/tmp/represent-baseline-x/tree');

  it('puts a twin `<id>@base` right after each variant, so the two are measured in neighbouring slices', () => {
    expect(twinned.variants.map((v) => v.id)).toEqual(['express', `express${BASELINE_SUFFIX}`, 'dsl', `dsl${BASELINE_SUFFIX}`]);
  });

  it("serves each twin from the baseline's checkout, with the same server, request, status and fields", () => {
    const [current, twin] = twinned.variants.slice(2);
    expect(twin).toEqual({ ...current, id: 'dsl@base', root: '/tmp/represent-baseline-x/tree' });
    expect(current!.root).toBeUndefined();
  });

  it("keeps the case's own ratios and targets", () => {
    expect(twinned.ratios).toBe(benchCase.ratios);
    expect(twinned.id).toBe('json-get');
  });
});

const sample = (round: number, rps: number, cpu: number): Sample => ({
  round,
  rps,
  cpuMicrosPerRequest: cpu,
  p99Ms: 1,
  requests: rps,
  errors: 0,
  unexpected: 0,
  statuses: { 200: rps },
});
const variant = (id: string, samples: Sample[]): VariantResult => ({
  id,
  server: id,
  samples,
  medianRps: Number.NaN,
  medianP99Ms: 1,
  medianCpuMicrosPerRequest: Number.NaN,
  errors: 0,
  unexpected: 0,
  wrongAfterRounds: [],
});

describe('compareWithBaseline(caseResult)', () => {
  // The machine slows down over the rounds: a same-round ratio cancels that drift.
  const result: CaseResult = {
    id: 'json-get',
    title: '1. JSON GET',
    ratios: [],
    memory: [],
    variants: [
      variant('dsl', [sample(0, 1000, 50), sample(1, 600, 80), sample(2, 800, 60)]),
      variant('dsl@base', [sample(0, 800, 60), sample(1, 600, 100), sample(2, 400, 90)]),
      variant('express', [sample(0, 300, 200)]),
    ],
  };
  const [dsl, ...others] = compareWithBaseline(result);

  it('pairs each variant with its twin only: a variant without one is left out', () => {
    expect(dsl!.variant).toBe('dsl');
    expect(others).toEqual([]);
  });

  it('answers the median of the same-round ratios current / baseline, and their range', () => {
    // Rounds: 1000/800 = 1.25, 600/600 = 1, 800/400 = 2.
    expect(dsl!.rps).toEqual({ current: 800, baseline: 600, ratio: 1.25, min: 1, max: 2 });
    // Rounds: 50/60, 80/100 = 0.8, 60/90.
    expect(dsl!.cpu.ratio).toBeCloseTo(0.8, 10);
    expect(dsl!.cpu.min).toBeCloseTo(60 / 90, 10);
    expect(dsl!.cpu.max).toBeCloseTo(50 / 60, 10);
    expect(dsl!.cpu.current).toBe(60);
    expect(dsl!.cpu.baseline).toBe(90);
  });

  it('pairs samples by round, not by position', () => {
    const shuffled: CaseResult = { ...result, variants: [variant('a', [sample(1, 100, 10), sample(0, 300, 10)]), variant('a@base', [sample(0, 100, 10), sample(1, 100, 10)])] };
    expect(compareWithBaseline(shuffled)[0]!.rps).toMatchObject({ min: 1, max: 3 });
  });
});

describe('formatBaselineTable(comparisons, baseline)', () => {
  it('writes one row per variant: both medians and the same-round ratio with its range, for req/s and CPU', () => {
    const lines = formatBaselineTable(
      [{ variant: 'dsl', rps: { current: 12345.6, baseline: 10000, ratio: 1.2345, min: 1.1, max: 1.3 }, cpu: { current: 40.04, baseline: 50, ratio: 0.8, min: 0.75, max: 0.9 } }],
      { ref: 'main~3', commit: '5d66b6f0123456789' },
    );
    expect(lines[0]).toContain('Against main~3 (5d66b6f)');
    expect(lines.slice(2)).toEqual([
      '| variant | req/s, baseline | req/s, current | req/s current / baseline | CPU us/req, baseline | CPU us/req, current | CPU current / baseline |',
      '|---|---:|---:|---:|---:|---:|---:|',
      '| dsl | 10,000 | 12,346 | 1.23 (1.10 to 1.30) | 50.0 | 40.0 | 0.80 (0.75 to 0.90) |',
    ]);
  });

  it('writes nothing for a case without twins', () => {
    expect(formatBaselineTable([], { ref: 'HEAD', commit: 'abc' })).toEqual([]);
  });
});
