/**
 * Keys that, copied onto an ordinary object with `obj[key] = value` or `Object.assign`, change
 * its prototype or reach a constructor's prototype: the prototype-pollution vector (CWE-1321).
 * Readers drop them, so no parsed body ever carries them.
 */
export const FORBIDDEN_KEY_NAMES = ['__proto__', 'constructor', 'prototype'] as const;

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(FORBIDDEN_KEY_NAMES);

/** Whether a key read from a body must be dropped; see {@link FORBIDDEN_KEY_NAMES}. */
export function isForbiddenKey(key: string): boolean {
  // Their lengths first: most keys are told apart without hashing them.
  return (key.length === 9 || key.length === 11) && FORBIDDEN_KEYS.has(key);
}

/**
 * Deletes the forbidden keys ({@link FORBIDDEN_KEY_NAMES}) that are own properties of any object in
 * `value`, at any depth, in place; answers `value`. For a value parsed by `JSON.parse`, which
 * defines `__proto__` as an own data property rather than setting the prototype, so the key
 * survives until a later copy sets it. One pass over the containers, without recursion (the
 * depth is bounded by the reader, but a stack of its own costs nothing), three own-property
 * checks per object rather than a callback per member as a `JSON.parse` reviver makes.
 */
export function dropForbiddenKeys<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (const item of current) if (typeof item === 'object' && item !== null) pending.push(item);
      continue;
    }
    const object = current as Record<string, unknown>;
    for (const key of FORBIDDEN_KEY_NAMES) if (Object.hasOwn(object, key)) delete object[key];
    for (const key in object) {
      const member = object[key];
      if (typeof member === 'object' && member !== null) pending.push(member);
    }
  }
  return value;
}
