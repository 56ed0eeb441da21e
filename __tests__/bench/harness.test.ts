import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RunResult } from '../../bench/harness';

/**
 * Keeps `npm run bench` working: one short round of the JSON GET case against two real server
 * processes (bench/smoke.ts, in a process of its own). Figures depend on the machine and whatever
 * else runs on it, so nothing is asserted about speed; only that every request got the status it
 * should and the report is produced.
 */
describe('runBench(options)', () => {
  it('should measure the DSL and bare Express with no errors and no unexpected statuses', async () => {
    const root = path.join(__dirname, '..', '..');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'smoke.ts')], { cwd: root });
    const { run, report } = JSON.parse(stdout) as { run: RunResult; report: string };
    const [result] = run.cases;
    expect(result!.variants.map((v) => v.id)).toEqual(['express', 'dsl']);
    for (const variant of result!.variants) {
      expect(variant.errors).toBe(0);
      expect(variant.unexpected).toBe(0);
      expect(variant.wrongAfterRounds).toEqual([]);
      expect(variant.samples[0]!.requests).toBeGreaterThan(0);
    }
    expect(result!.ratios[0]!.median).toBeGreaterThan(0);
    expect(report).toContain('app.use(api.middleware()) / bare Express');
  }, 60_000);
});
