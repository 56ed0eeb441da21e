import type { Config } from 'jest';

/**
 * Tests are compiled by ts-jest without type checking (isolatedModules: each file is transpiled on
 * its own, which is fast); type checking is a separate step (`npm run typecheck`) that `npm test`
 * runs first. SWC would be faster still, but its platform binaries are not all on the registry this
 * project installs from, so `npm ci` could not reproduce the lock file.
 */
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j|mj)s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
  },
  // `feed` and `eventsource` (with its parser) ship as ES modules: let ts-jest turn them into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(feed|eventsource|eventsource-parser)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  setupFiles: ['<rootDir>/__tests__/setup/fast-check-seed.ts'],
  // Some tests start a child process (the OpenAPI validator, tsc, a server) that takes 4 s here
  // alone and more on a loaded machine: jest's default of 5 s failed one of them under load. A
  // test that hangs still fails, after 30 s; tests that start servers set longer limits of their own.
  testTimeout: 30_000,
};

export default config;
