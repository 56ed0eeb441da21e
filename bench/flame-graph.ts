/**
 * `npx tsx bench/flame-graph.ts <profile.cpuprofile> <out.svg> [requests] [title] [roots]`: draws a V8 CPU
 * profile (`node --cpu-prof`) as a flame graph in SVG, to commit under docs/ beside the decision it
 * explains. Each frame is a box as wide as the time spent in it and in what it called; a frame's
 * callers are below it. Given the number of requests the profile covers, each box's tooltip says
 * its microseconds a request. Frames under 0.2% of the profile are left out; identical call paths
 * are merged, as in any flame graph, so the graph reads by callee, not by time order. `roots`, a
 * comma-separated list of function names, keeps only what runs under them (see {@link mergedTree}).
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** The parts of a `.cpuprofile` the graph reads. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
    readonly children?: readonly number[];
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A frame of the merged call tree: its name, its total time (us) and its callees. */
export interface Frame {
  readonly name: string;
  total: number;
  readonly children: Map<string, Frame>;
}

const WIDTH = 1200;
const ROW = 17;
const MIN_SHARE = 0.002;

/** The frame's label: the function and the file it is in, shortened to the package or folder. */
export function frameLabel(functionName: string, url: string, lineNumber: number): string {
  const file = url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, '~/')
    .replace(/.*\/(src|middleware|bench|routes)\//, '$1/');
  return file === '' ? functionName || '(anonymous)' : `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

/**
 * Merges the profile's call tree by call path and sums each path's sampled time (us). Given
 * `roots` (function names), only the calls under the first frame of each stack named one of them
 * are kept, merged under one root: the requests' work without the module loading before it.
 */
export function mergedTree(profile: CpuProfile, roots?: readonly string[]): Frame {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const root: Frame = { name: 'all', total: 0, children: new Map() };
  const visit = (id: number, into: Frame): number => {
    const node = byId.get(id);
    if (node === undefined) return 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = frameLabel(functionName, url, lineNumber);
    if (name === '(idle)') return 0;
    let frame = into.children.get(name);
    if (frame === undefined) into.children.set(name, (frame = { name, total: 0, children: new Map() }));
    let total = self.get(id) ?? 0;
    for (const child of node.children ?? []) total += visit(child, frame);
    frame.total += total;
    return total;
  };
  /** Looks for the first frame named one of `roots` on each path below `id`. */
  const search = (id: number): void => {
    const node = byId.get(id);
    if (node === undefined) return;
    if (roots!.includes(node.callFrame.functionName)) root.total += visit(id, root);
    else for (const child of node.children ?? []) search(child);
  };
  const first = profile.nodes[0];
  if (first === undefined) return root;
  // The profile's own root, "(root)", is not drawn: its children are the graph's first row.
  for (const child of first.children ?? []) {
    if (roots === undefined) root.total += visit(child, root);
    else search(child);
  }
  return root;
}

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A warm colour from the frame's name, the same for the same name in every graph. */
function colour(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) >>> 0;
  return `hsl(${hash % 50},${70 + (hash % 20)}%,${55 + (hash % 15)}%)`;
}

/** Whether a frame is wide enough to draw. */
const drawn = (frame: Frame, root: Frame): boolean => root.total > 0 && frame.total / root.total >= MIN_SHARE;

/** The number of rows the drawn frames take. */
function rows(frame: Frame, root: Frame): number {
  if (!drawn(frame, root)) return 0;
  let deepest = 0;
  for (const child of frame.children.values()) deepest = Math.max(deepest, rows(child, root));
  return deepest + 1;
}

/** The SVG of a merged tree: callers at the bottom, `requests` to turn time into us a request. */
export function flameGraphSvg(root: Frame, title: string, requests = 1): string {
  const height = rows(root, root) * ROW + 30;
  const boxes: string[] = [];
  const draw = (frame: Frame, x: number, level: number): void => {
    if (!drawn(frame, root)) return;
    const y = height - (level + 1) * ROW;
    const width = (frame.total / root.total) * WIDTH;
    const perRequest = (frame.total / requests).toFixed(2);
    const share = ((100 * frame.total) / root.total).toFixed(1);
    const text = width > 40 ? `<text x="${(x + 3).toFixed(1)}" y="${y + 12}">${escapeXml(frame.name.slice(0, Math.floor(width / 7)))}</text>` : '';
    boxes.push(
      `<g><title>${escapeXml(frame.name)}: ${perRequest} us a request, ${share}%</title>` +
        `<rect x="${x.toFixed(1)}" y="${y}" width="${width.toFixed(1)}" height="${ROW - 1}" fill="${colour(frame.name)}"/>${text}</g>`,
    );
    let offset = x;
    for (const child of [...frame.children.values()].sort((a, b) => b.total - a.total)) {
      draw(child, offset, level + 1);
      offset += (child.total / root.total) * WIDTH;
    }
  };
  draw(root, 0, 0);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="monospace" font-size="11">`,
    `<text x="4" y="16" font-size="13">${escapeXml(title)}</text>`,
    ...boxes,
    '</svg>',
    '',
  ].join('\n');
}

if (require.main === module) {
  const [input, output, requests = '1', title = input ?? '', roots] = process.argv.slice(2);
  if (input === undefined || output === undefined) {
    console.error('usage: npx tsx bench/flame-graph.ts <profile.cpuprofile> <out.svg> [requests] [title] [roots]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(input, 'utf8')) as CpuProfile;
  writeFileSync(output, flameGraphSvg(mergedTree(profile, roots?.split(',')), title, Number(requests)));
  console.log(`${output} written`);
}
