import { createHash } from 'node:crypto';

/**
 * What identifies a request's content for an idempotency key (draft-ietf-httpapi-idempotency-key-header
 * section 2.2): a SHA-256 of its method, target, Content-Type and body bytes, each part length-prefixed
 * so that no two different requests run together into one digest. A retry carries the same; the same key
 * with another fingerprint is a client's mistake (422, section 2.7).
 */
export function requestFingerprint(method: string, target: string, contentType: string | undefined, body: Uint8Array): string {
  const hash = createHash('sha256');
  for (const part of [method, target, contentType ?? '']) hash.update(`${Buffer.byteLength(part)}:${part}\n`);
  hash.update(`${body.byteLength}:`);
  hash.update(body);
  return hash.digest('base64url');
}

/**
 * The key a store keeps a request's record under: the client's scope and its key, hashed together, so
 * that one client's key never names another's record (section 2.6 leaves keys unique per client only),
 * and so that a store's keys have one length whatever the client sent.
 */
export function scopedStoreKey(scope: string, key: string): string {
  return createHash('sha256').update(`${Buffer.byteLength(scope)}:${scope}\n${key}`).digest('base64url');
}
