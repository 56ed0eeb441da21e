import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Express } from 'express';
import { type App, createApp } from '../../routes/app';
import { DEVELOPMENT_TOKENS } from '../../routes/auth/accounts';
import { createMemoryStore } from '../../routes/store/memory-store';

/** The service with a freshly seeded store; the shared cache is off unless asked for. */
export function service(options: { cache?: boolean; now?: () => Date } = {}): App & { app: Express } {
  return createApp({ cache: options.cache ?? false, store: createMemoryStore(options.now === undefined ? {} : { now: options.now }) });
}

/** The service's problems are the router's: asserted by the one {@link expectProblem} of the tests. */
export { expectProblem } from './app-fixture';

/** A 1x1 PNG, the one the README's walkthrough uploads. */
export const PNG = readFileSync(join(__dirname, '../../routes/assets/avatar.png'));
/** The smallest JPEG header: enough for the signature check. */
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

export const JSON_TYPE = 'application/json; charset=utf-8';
export const XML_TYPE = 'application/xml; charset=utf-8';

/** The Authorization field of the seeded admin account (its development token): the service's writes need it. */
export const AS_ADMIN = { Authorization: `Bearer ${DEVELOPMENT_TOKENS.admin}` } as const;
/** The Authorization field of the seeded user account, which may read but not write. */
export const AS_USER = { Authorization: `Bearer ${DEVELOPMENT_TOKENS.user}` } as const;
