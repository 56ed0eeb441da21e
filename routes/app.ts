import express, { type Express } from 'express';
import { createRouter } from '../src';
import { bookcaseRoutes, seedBookcase } from './bookcase';

/** Builds the illustrative service as an Express app, with fresh seeded data. */
export function createApp(): { app: Express; routeTable: string } {
  const api = createRouter();
  bookcaseRoutes(api, { bookcase: seedBookcase() });
  const app = express();
  app.disable('x-powered-by');
  app.use(api.middleware());
  return { app, routeTable: api.printRoutes() };
}
