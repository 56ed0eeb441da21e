import http from 'node:http';
import express, { type Express } from 'express';
import type { Router } from '../../src';

/** The two ways a router is mounted: inside an Express app, or in front of one. */
export type Mount = 'middleware' | 'wrap';

/**
 * A server for `api` mounted `mount`: `app.use(api.middleware())`, or `api.wrap(app)`. The app
 * answers what the router does not (a plain 404 from Express).
 */
export function serverFor(mount: Mount, api: Pick<Router, 'middleware' | 'wrap'>, app: Express = express()): http.Server {
  app.disable('x-powered-by');
  if (mount === 'middleware') {
    app.use(api.middleware());
    return http.createServer(app);
  }
  return http.createServer(api.wrap(app));
}

/** Runs the cases `cases` declares once under each mount: the same answers are expected under both. */
export function underBothMounts(title: string, cases: (mount: Mount) => void): void {
  describe.each<Mount>(['middleware', 'wrap'])(`${title} (router.%s)`, cases);
}
