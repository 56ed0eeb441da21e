import type { Config } from 'jest';

/**
 * Tests are compiled with SWC for speed; type checking is a separate step
 * (`npm run typecheck`) that `npm test` runs first.
 */
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j|mj)s$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // `feed` ships as an ES module: let SWC turn it into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(feed)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
};

export default config;
