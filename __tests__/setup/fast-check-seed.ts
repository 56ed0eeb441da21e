import fc from 'fast-check';

/**
 * Property tests explore new random cases on every local run, but CI runs with one fixed seed so
 * that a landing is never decided by chance. FC_SEED overrides it, to replay a failure locally.
 */
const seed = process.env.FC_SEED ?? (process.env.CI ? '20261121' : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
