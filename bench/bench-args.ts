/**
 * The command line of `npm run bench`, read into settings (a pure function: bench/run.ts passes
 * `process.argv.slice(2)`).
 *
 *   npm run bench -- --duration 4 --rounds 5 --warmup 2 --slice 1 --connections 10 --case json-get,cache --no-docs
 *   npm run bench -- --baseline <git-ref> --case json-get,conditional --rounds 3 --duration 3
 */
import { parseArgs } from 'node:util';

export interface BenchArgs {
  /** Seconds of load per variant and round. */
  readonly duration: number;
  readonly rounds: number;
  /** Seconds of warm-up per variant. */
  readonly warmup: number;
  /** The length of a round's slices, in seconds. */
  readonly slice: number;
  readonly connections: number;
  /** The case ids asked for (`--case a,b`); every case when absent. */
  readonly cases?: readonly string[];
  /** The git ref whose library is measured beside this tree's (`--baseline`). */
  readonly baseline?: string;
  /** Whether a full run may write its tables into docs/performance.md (`--no-docs` says no). */
  readonly docs: boolean;
}

/** A number option: finite and positive (a warm-up may be 0), or the run would measure nothing. */
function positive(name: string, text: string, zero = false): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || (value === 0 && !zero)) {
    throw new Error(`--${name} must be a ${zero ? 'non-negative' : 'positive'} number, not '${text}'`);
  }
  return value;
}

/** Reads the bench's options; throws an Error saying which option is wrong and why. */
export function parseBenchArgs(args: readonly string[]): BenchArgs {
  const { values } = parseArgs({
    args: [...args],
    options: {
      duration: { type: 'string', default: '4' },
      rounds: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      slice: { type: 'string', default: '1' },
      connections: { type: 'string', default: '10' },
      case: { type: 'string' },
      baseline: { type: 'string' },
      'no-docs': { type: 'boolean', default: false },
    },
  });
  const cases = values.case?.split(',').map((id) => id.trim()).filter((id) => id !== '');
  if (cases !== undefined && cases.length === 0) throw new Error('--case names no case');
  const baseline = values.baseline;
  // Handed to git: a ref that starts with '-' would read as an option.
  if (baseline !== undefined && (baseline.trim() === '' || baseline.startsWith('-'))) throw new Error(`--baseline must name a git ref, not '${baseline}'`);
  const rounds = positive('rounds', values.rounds);
  const connections = positive('connections', values.connections);
  if (!Number.isInteger(rounds) || !Number.isInteger(connections)) throw new Error('--rounds and --connections must be whole numbers');
  return {
    duration: positive('duration', values.duration),
    rounds,
    warmup: positive('warmup', values.warmup, true),
    slice: positive('slice', values.slice),
    connections,
    ...(cases !== undefined && { cases }),
    ...(baseline !== undefined && { baseline }),
    docs: !values['no-docs'],
  };
}
