/**
 * `npm run bench -- --baseline <git-ref>`: each variant of a case is measured a second time on the
 * library of another commit, as `<id>@base`, in the same rounds and slices as the current one, and
 * each pair is reduced to a same-round ratio current / baseline (issue 20's "before and after, side
 * by side"; issue 26's before and after a speed-up).
 *
 * The ref is checked out into a temporary git worktree outside this tree, with this tree's
 * node_modules linked in and this tree's bench/*.ts copied over its own: the servers are the same
 * code on both sides, and only the library they import (`../src`) differs. A reference variant
 * that does not use the library (bare Express, raw node:http) is measured twice from identical
 * code: its ratio is the noise of the run.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Case, Variant } from './cases';
import { type BaselineRef, type CaseResult, type Sample, median } from './harness';

/** What a variant's id becomes for its twin at the baseline. */
export const BASELINE_SUFFIX = '@base';

/**
 * The case with a twin after each variant, `<id>@base`, served from the checkout at `root`.
 * Each twin follows its variant, so that the two are measured in neighbouring slices of a round.
 */
export function withBaseline(benchCase: Case, root: string): Case {
  return {
    ...benchCase,
    variants: benchCase.variants.flatMap((variant): Variant[] => [variant, { ...variant, id: `${variant.id}${BASELINE_SUFFIX}`, root }]),
  };
}

/** One side of a comparison: the medians of both, and the same-round ratio current / baseline. */
export interface SideBySide {
  readonly current: number;
  readonly baseline: number;
  /** The median over the rounds of current / baseline, each round's pair measured together. */
  readonly ratio: number;
  readonly min: number;
  readonly max: number;
}

/** A variant against its twin at the baseline: throughput and server CPU per request. */
export interface BaselineComparison {
  readonly variant: string;
  readonly rps: SideBySide;
  readonly cpu: SideBySide;
}

function sideBySide(current: readonly Sample[], baseline: readonly Sample[], metric: (sample: Sample) => number): SideBySide {
  const byRound = new Map(baseline.map((sample) => [sample.round, sample]));
  const perRound = current.flatMap((sample) => {
    const twin = byRound.get(sample.round);
    return twin === undefined ? [] : [metric(sample) / metric(twin)];
  });
  return {
    current: median(current.map(metric)),
    baseline: median(baseline.map(metric)),
    ratio: median(perRound),
    min: Math.min(...perRound),
    max: Math.max(...perRound),
  };
}

/** Each variant of the case that has a twin at the baseline, against it, in the case's order. */
export function compareWithBaseline(result: CaseResult): BaselineComparison[] {
  const byId = new Map(result.variants.map((v) => [v.id, v]));
  return result.variants.flatMap((variant) => {
    const twin = byId.get(`${variant.id}${BASELINE_SUFFIX}`);
    if (variant.id.endsWith(BASELINE_SUFFIX) || twin === undefined) return [];
    return [
      {
        variant: variant.id,
        rps: sideBySide(variant.samples, twin.samples, (s) => s.rps),
        cpu: sideBySide(variant.samples, twin.samples, (s) => s.cpuMicrosPerRequest),
      },
    ];
  });
}

const fixed = (value: number, digits: number): string =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';
const ratioText = (side: SideBySide): string => `${fixed(side.ratio, 2)} (${fixed(side.min, 2)} to ${fixed(side.max, 2)})`;

/** The side-by-side table of a case run with `--baseline`, as Markdown lines (none without twins). */
export function formatBaselineTable(comparisons: readonly BaselineComparison[], baseline: BaselineRef): string[] {
  if (comparisons.length === 0) return [];
  const base = `${baseline.ref} (${baseline.commit.slice(0, 7)})`;
  return [
    `Against ${base}, measured in the same rounds: ratios are current / baseline, the median over the rounds (lowest to highest round). Above 1 is faster for req/s, slower for CPU.`,
    '',
    '| variant | req/s, baseline | req/s, current | req/s current / baseline | CPU us/req, baseline | CPU us/req, current | CPU current / baseline |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...comparisons.map(
      (c) =>
        `| ${c.variant} | ${fixed(c.rps.baseline, 0)} | ${fixed(c.rps.current, 0)} | ${ratioText(c.rps)} | ${fixed(c.cpu.baseline, 1)} | ${fixed(c.cpu.current, 1)} | ${ratioText(c.cpu)} |`,
    ),
  ];
}

/** A baseline checked out for the run; `remove()` takes the worktree away again. */
export interface BaselineCheckout extends BaselineRef {
  /** The checkout's root: its `bench/server.ts` (this tree's, copied) runs the `@base` servers. */
  readonly root: string;
  remove(): void;
}

/**
 * Checks `ref` out into a temporary git worktree outside `repoRoot` (detached, so no branch is
 * touched), links `repoRoot`'s node_modules into it and copies `repoRoot`'s bench/*.ts over its
 * own. Synchronous, so that `remove()` can run from an exit handler.
 */
export function checkoutBaseline(ref: string, repoRoot: string): BaselineCheckout {
  const git = (...args: string[]): string => execFileSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  // `--end-of-options`: a ref is never read as an option, whatever it holds.
  let commit: string;
  try {
    commit = git('rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`);
  } catch {
    throw new Error(`--baseline ${ref}: no such commit in ${repoRoot}`);
  }
  const parent = mkdtempSync(path.join(os.tmpdir(), 'represent-baseline-'));
  const root = path.join(parent, 'tree');
  let removed = false;
  const remove = (): void => {
    if (removed) return;
    removed = true;
    try {
      git('worktree', 'remove', '--force', root);
    } catch {
      // Not registered (the add failed), or already gone: the folder and git's record of it go below.
    }
    rmSync(parent, { recursive: true, force: true });
    git('worktree', 'prune');
  };
  try {
    git('worktree', 'add', '--detach', root, commit);
    symlinkSync(realpathSync(path.join(repoRoot, 'node_modules')), path.join(root, 'node_modules'), 'dir');
    const bench = path.join(root, 'bench');
    mkdirSync(bench, { recursive: true });
    for (const file of readdirSync(path.join(repoRoot, 'bench')).filter((f) => f.endsWith('.ts'))) {
      copyFileSync(path.join(repoRoot, 'bench', file), path.join(bench, file));
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { ref, commit, root, remove };
}
