import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { INSTALL_FLAGS, packInto, sh } from '../setup/scratch-app';
import { CONSUMERS } from './consumer-apps';

/** The scratch apps install these from the registry (npm's cache makes a second run fast). */
const DEV_DEPENDENCIES = [
  'express@^5',
  'supertest@^7',
  'jest@^29',
  'ts-jest@^29',
  'typescript@~5.9',
  // Vitest 3 runs on Node 20; Vitest 4 wants Vite 7+, whose install fails on some npm 10 set-ups.
  'vitest@^3.2',
  '@types/express@^5',
  '@types/jest@^29',
  '@types/node@^20',
  '@types/supertest@^6',
  'zod@^4',
];

let scratch = '';
const failures = new Map<string, string>();

// Packing runs `prepare` (the build), installing fetches the runners, and each consumer runs: about
// two minutes with a warm npm cache on an idle machine, more on a cold cache or a busy one.
jest.setTimeout(600_000);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'represent-consumers-'));
  const tarball = basename(await packInto(scratch));
  const app = join(scratch, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true }));
  await sh(['npm', 'install', ...INSTALL_FLAGS, `../${tarball}`, ...DEV_DEPENDENCIES], app);
  for (const consumer of CONSUMERS) {
    const folder = join(app, consumer.name);
    await mkdir(folder);
    for (const [name, text] of Object.entries(consumer.files)) await writeFile(join(folder, name), text);
  }
  // Every consumer runs, so that one failure does not hide another; each test then reports its own.
  for (const consumer of CONSUMERS) {
    await sh(consumer.command, join(app, consumer.name)).catch((error: Error) => failures.set(consumer.name, error.message));
  }
});

afterAll(async () => {
  if (scratch !== '') await rm(scratch, { recursive: true, force: true });
});

describe('the packed package, installed in a scratch app with no settings for it', () => {
  it.each(CONSUMERS.map((consumer) => consumer.name))('loads and passes its test in %s', (name) => {
    expect(failures.get(name)).toBeUndefined();
  });
});
