/**
 * `npx tsx bench/profile.ts <server> [seconds] [variant]`: runs one benchmark server under
 * `node --cpu-prof`, loads it with the request of a case's variant, and prints the top frames by
 * self time and by total time (the profile stays in bench/results/profiles/).
 */
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { CASES } from './cases';
import { type CpuProfile, frameLabel } from './flame-graph';
import type { ServerMessage } from './server';

type Profile = CpuProfile;
type ProfileNode = CpuProfile['nodes'][number];

const [serverName = 'dsl', seconds = '10', variantId = 'dsl'] = process.argv.slice(2);

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return frameLabel(functionName, url, lineNumber);
}

/** Self and total time per frame name, in microseconds, and the total sampled time. */
export function summariseProfile(profile: Profile): { self: Map<string, number>; total: Map<string, number>; all: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    all += dt;
    const node = byId.get(id)!;
    self.set(frameName(node), (self.get(frameName(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + dt);
    }
  });
  return { self, total, all };
}

async function main(): Promise<void> {
  const variant = CASES.flatMap((c) => c.variants).find((v) => v.id === variantId);
  if (variant === undefined) throw new Error(`No variant ${variantId}`);
  const dir = path.join(__dirname, 'results', 'profiles', `${serverName}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const child = fork(path.join(__dirname, 'server.ts'), [serverName], {
    execArgv: ['--import', 'tsx', '--cpu-prof', '--cpu-prof-dir', dir],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m: ServerMessage) => m.kind === 'listening' && resolve(m.port)));
  const headers = variant.prepare === undefined ? {} : await variant.prepare(`http://127.0.0.1:${port}`);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${variant.request.path}`,
    method: variant.request.method,
    headers: { ...variant.request.headers, ...headers },
    ...(variant.request.body !== undefined && { body: variant.request.body }),
    ...(variant.request.idReplacement === true && { idReplacement: true }),
    connections: 10,
    duration: Number(seconds),
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error('no profile written');
  const { self, total, all } = summariseProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile);
  const requests = result.requests.total;
  const row = ([name, us]: [string, number]): string =>
    `| ${name} | ${((100 * us) / all).toFixed(1)}% | ${(us / requests).toFixed(2)} |`;
  console.log(`${requests} requests, ${result.non2xx} non-2xx; profile in ${path.relative(process.cwd(), dir)}`);
  console.log('\nTop frames by self time\n\n| frame | self | us/request |\n|---|---:|---:|');
  for (const entry of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(row(entry));
  console.log('\nTop frames by total time\n\n| frame | total | us/request |\n|---|---:|---:|');
  for (const entry of [...total].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(row(entry));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
