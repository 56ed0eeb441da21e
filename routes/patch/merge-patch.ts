/** The media type of a JSON merge patch (RFC 7396 section 4). */
export const MERGE_PATCH = 'application/merge-patch+json';

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Applies a JSON merge patch (RFC 7396 section 2): an object patch merges member by member, `null`
 * removes a member, and anything else (arrays included) replaces the target whole. Every JSON
 * value is a valid merge patch, so this never fails. The target is not modified.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (FORBIDDEN.has(name)) continue;
    if (value === null) delete result[name];
    else result[name] = applyMergePatch(result[name], value);
  }
  return result;
}
