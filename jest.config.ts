import type { Config } from 'jest';

/**
 * The suite in four kinds, jest projects that one `jest` run (`npm test`) runs side by side, one
 * test file per worker:
 *
 * - `quick`: pure rules as tables and HTTP answered in process (supertest): `npm run test:quick`,
 *   the loop to run while changing the library.
 * - `servers`: what needs a real server or process: Redis, PostgreSQL, Varnish, Chromium, and the
 *   service started as `npm start` does (a child process, SQLite files, the cluster).
 * - `package`: the package as its users get it: packed and installed in scratch apps, the
 *   examples, installs from git, TypeDoc, the docs' code blocks, and the compiler's view of its types.
 * - `slow`: sweeps that must be big to prove anything, each CPU-bound for tens of seconds: every
 *   reader fed hostile input up to its limit, its work counted (a quadratic reader shows only at
 *   size), and every regular expression of the sources rated by recheck.
 *
 * Type tests (__tests__/types/*.test-d.ts) are no jest tests: `expectTypeOf` checks nothing at run
 * time, so `npm run typecheck` checks them, as part of `npm test`.
 *
 * A test file belongs to `servers`, `package` or `slow` by the lists below, to `quick` otherwise: a
 * new test that starts a server or a process joins `servers`, one that packs or runs the compiler
 * `package`, one that must sweep for tens of seconds `slow`.
 */
const SERVERS = [
  // Redis (__tests__/setup/redis-server.ts)
  'middleware/cache/collapsing-redis',
  'middleware/cache/redis-fetch-locks',
  'middleware/cache/redis-write-order',
  'middleware/cache/redis-outage',
  'middleware/cache/redis-store',
  'middleware/cache/redis-idempotency-store',
  'middleware/cache/surrogate-key-purge-redis',
  'middleware/cache/tiered-store',
  'reliability/redis-budget-stream',
  // PostgreSQL (__tests__/setup/postgres.ts)
  'routes/store-contract',
  'routes/store-instances',
  'routes/redis-instances',
  'routes/idempotent-users-instances',
  'routes/user-events-instances',
  'routes/telemetry',
  // Varnish (__tests__/setup/varnish.ts)
  'routes/varnish-purge',
  // Chromium
  'routes/docs-page-browser',
  // The service in a process of its own (npm start, the cluster, routes/server.ts, SQLite files)
  'reliability/shutdown-under-load',
  'reliability/shutdown-event-streams',
  'routes/user-events-budget',
  'routes/npm-start',
  'routes/start-cluster',
  'routes/sqlite-database',
  'routes/store-durability',
  'routes/surrogate-keys',
  'routes/readme-walkthrough',
  'bench/harness',
];

const PACKAGE = ['package/', 'examples/', 'docs/', 'routes/typed-client'];

const SLOW = ['security/reader-linear-work', 'security/xml-linear-work', 'security/regex-redos'];

/** A regular expression for the test files named (a folder ends with `/`) under __tests__. */
const files = (names: readonly string[]): string =>
  `/__tests__/(${names.map((name) => (name.endsWith('/') ? `${name}.*` : name)).join('|')})\\.test\\.ts$`;

/**
 * Tests are compiled by ts-jest without type checking (isolatedModules: each file is transpiled on
 * its own, which is fast); type checking is a separate step (`npm run typecheck`) that `npm test`
 * runs first. SWC would be faster still, but its platform binaries are not all on the registry this
 * project installs from, so `npm ci` could not reproduce the lock file.
 */
const shared: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  transform: {
    '^.+\\.(t|j|mj)s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
  },
  // `feed` and `eventsource` (with its parser) ship as ES modules: let ts-jest turn them into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(feed|eventsource|eventsource-parser)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  setupFiles: ['<rootDir>/__tests__/setup/fast-check-seed.ts'],
};

const config: Config = {
  projects: [
    { ...shared, displayName: 'quick', testMatch: ['**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', files(SERVERS), files(PACKAGE), files(SLOW)] },
    { ...shared, displayName: 'servers', testRegex: files(SERVERS) },
    { ...shared, displayName: 'slow', testRegex: files(SLOW) },
    {
      ...shared,
      displayName: 'package',
      testRegex: files(PACKAGE),
      // Packed once, shared by the consumers and the examples.
      globalSetup: '<rootDir>/__tests__/setup/pack-once.ts',
      globalTeardown: '<rootDir>/__tests__/setup/remove-packed.ts',
    },
  ],
  // Two cores, two workers: jest's default leaves one core to its own process, which only waits.
  maxWorkers: '100%',
  // Some tests start a child process (the OpenAPI validator, tsc, a server) that takes 4 s here
  // alone and more on a loaded machine: jest's default of 5 s failed one of them under load. A
  // test that hangs still fails, after 30 s; tests that start servers set longer limits of their own.
  testTimeout: 30_000,
  reporters: ['default', '<rootDir>/scripts/project-times-reporter.js'],
};

export default config;
