import { type CpuProfile, flameGraphSvg, frameLabel, mergedTree } from '../../bench/flame-graph';

const frame = (id: number, functionName: string, children: number[] = [], url = ''): CpuProfile['nodes'][number] => ({
  id,
  callFrame: { functionName, url, lineNumber: 9 },
  children,
});

/** (root) → handle → { write, hash }, and (root) → (idle); handle is sampled twice by two paths. */
const PROFILE: CpuProfile = {
  nodes: [
    frame(1, '(root)', [2, 6]),
    frame(2, 'handle', [3, 4, 5], 'file:///app/node_modules/router/index.js'),
    frame(3, 'write', [], 'file:///work/main/src/exchange/send.ts'),
    frame(4, 'hash', [], 'node:internal/crypto/hash'),
    frame(5, 'write', [], 'file:///work/main/src/exchange/send.ts'),
    frame(6, '(idle)'),
  ],
  samples: [2, 3, 4, 5, 6, 6],
  timeDeltas: [10, 20, 30, 40, 1000, 1000],
};

describe('frameLabel(functionName, url, line)', () => {
  it.each([
    ['handle', 'file:///app/node_modules/router/index.js', 0, 'handle ~/router/index.js:1'],
    ['send', 'file:///work/main/src/exchange/send.ts', 41, 'send src/exchange/send.ts:42'],
    ['', 'node:internal/crypto/hash', 2, '(anonymous) node:internal/crypto/hash:3'],
    ['(garbage collector)', '', -1, '(garbage collector)'],
  ])('names %j in %j at line index %d as %j', (name, url, line, label) => {
    expect(frameLabel(name, url, line)).toBe(label);
  });
});

describe('mergedTree(profile)', () => {
  const root = mergedTree(PROFILE);

  it('sums a frame and its callees, leaving idle time out', () => {
    expect(root.total).toBe(100);
    expect(root.children.get('handle ~/router/index.js:10')?.total).toBe(100);
  });

  it('merges two nodes of the same call path into one frame', () => {
    const handle = root.children.get('handle ~/router/index.js:10')!;
    expect([...handle.children].map(([name, child]) => [name, child.total])).toEqual([
      ['write src/exchange/send.ts:10', 60],
      ['hash node:internal/crypto/hash:10', 30],
    ]);
  });
});

describe('flameGraphSvg(tree, title, requests)', () => {
  const svg = flameGraphSvg(mergedTree(PROFILE), 'dsl-wrap <in-process>', 10);

  it('draws each frame as wide as its share of the time, callers below callees', () => {
    const rect = (name: string): { x: number; y: number; width: number } => {
      const match = new RegExp(`<title>${name}[^<]*</title><rect x="([\\d.]+)" y="(\\d+)" width="([\\d.]+)"`).exec(svg);
      if (match === null) throw new Error(`no box for ${name}`);
      return { x: Number(match[1]), y: Number(match[2]), width: Number(match[3]) };
    };
    expect(rect('all')).toMatchObject({ x: 0, width: 1200 });
    expect(rect('handle')).toMatchObject({ x: 0, width: 1200 });
    expect(rect('write')).toMatchObject({ x: 0, width: 720 });
    expect(rect('hash')).toMatchObject({ x: 720, width: 360 });
    expect(rect('handle').y).toBeLessThan(rect('all').y);
    expect(rect('write').y).toBeLessThan(rect('handle').y);
  });

  it('says each frame\'s microseconds a request in its tooltip', () => {
    expect(svg).toContain('<title>write src/exchange/send.ts:10: 6.00 us a request, 60.0%</title>');
  });

  it('escapes the names and the title as XML', () => {
    expect(svg).toContain('dsl-wrap &#60;in-process&#62;');
    expect(svg).not.toContain('<in-process>');
  });
});

describe('mergedTree(profile, roots)', () => {
  /** (root) → main → run → handle, and (root) → load → require: only `run`'s work is kept. */
  const PROFILE_WITH_LOADING: CpuProfile = {
    nodes: [frame(1, '(root)', [2, 5]), frame(2, 'main', [3]), frame(3, 'run', [4]), frame(4, 'handle'), frame(5, 'load', [6]), frame(6, 'require')],
    samples: [2, 3, 4, 6],
    timeDeltas: [5, 10, 20, 40],
  };

  it('keeps only what runs under the first frame named one of the roots', () => {
    const root = mergedTree(PROFILE_WITH_LOADING, ['run']);
    expect(root.total).toBe(30);
    expect([...root.children.keys()]).toEqual(['run']);
    expect(root.children.get('run')?.children.get('handle')?.total).toBe(20);
  });

  it('keeps everything without roots', () => {
    expect(mergedTree(PROFILE_WITH_LOADING).total).toBe(75);
  });
});
