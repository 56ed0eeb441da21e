/**
 * Keys that, copied onto an ordinary object with `obj[key] = value` or `Object.assign`, change
 * its prototype or reach a constructor's prototype: the prototype-pollution vector (CWE-1321).
 * Readers drop them, so no parsed body ever carries them.
 */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a key read from a body must be dropped; see {@link FORBIDDEN_KEYS}. */
export function isForbiddenKey(key: string): boolean {
  // Their lengths first: most keys are told apart without hashing them.
  return (key.length === 9 || key.length === 11) && FORBIDDEN_KEYS.has(key);
}
