import { parseBenchArgs } from '../../bench/bench-args';

describe('parseBenchArgs(args)', () => {
  it('answers the defaults for no arguments: 5 rounds of 4 s, 2 s of warm-up, 10 connections, every case', () => {
    expect(parseBenchArgs([])).toEqual({ duration: 4, rounds: 5, warmup: 2, slice: 1, connections: 10, docs: true });
  });

  it.each<[string, string[], Record<string, unknown>]>([
    ['the cases named, in order', ['--case', 'json-get,conditional'], { cases: ['json-get', 'conditional'] }],
    ['cases with spaces and an empty entry', ['--case', ' json-get, ,cache '], { cases: ['json-get', 'cache'] }],
    ['a baseline ref', ['--baseline', 'HEAD~3'], { baseline: 'HEAD~3' }],
    ['a baseline commit, in the = form', ['--baseline=5d66b6f'], { baseline: '5d66b6f' }],
    ['short rounds', ['--rounds', '3', '--duration', '3', '--warmup', '0'], { rounds: 3, duration: 3, warmup: 0 }],
    ['fractional slices', ['--slice', '0.5'], { slice: 0.5 }],
    ['--no-docs', ['--no-docs'], { docs: false }],
  ])('reads %s', (_name, args, expected) => {
    expect(parseBenchArgs(args)).toMatchObject(expected);
  });

  it.each<[string, string[], RegExp]>([
    ['a baseline that would read as an option to git', ['--baseline=--output=/tmp/x'], /--baseline must name a git ref/],
    ['an empty baseline', ['--baseline='], /--baseline must name a git ref/],
    ['--case naming nothing', ['--case', ','], /--case names no case/],
    ['a duration that is not a number', ['--duration', 'four'], /--duration must be a positive number, not 'four'/],
    ['a zero duration', ['--duration', '0'], /--duration must be a positive number/],
    ['an empty duration', ['--duration', ''], /--duration must be a positive number/],
    ['a negative warm-up', ['--warmup=-1'], /--warmup must be a non-negative number/],
    ['an infinite slice', ['--slice', 'Infinity'], /--slice must be a positive number/],
    ['a fractional round count', ['--rounds', '2.5'], /--rounds and --connections must be whole numbers/],
    ['an unknown option', ['--baselin', 'HEAD'], /Unknown option '--baselin'/],
  ])('refuses %s', (_name, args, message) => {
    expect(() => parseBenchArgs(args)).toThrow(message);
  });
});
