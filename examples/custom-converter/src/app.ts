import express, { type Express } from 'express';
import { createRouter } from 'express-represent';
import { z } from 'zod';
import { NdjsonConverter } from './ndjson-converter';

/** A reading of a sensor, as a client sends it. */
export const Reading = z.object({
  sensor: z.string().min(1),
  celsius: z.number().min(-90).max(60),
  at: z.iso.datetime(),
});

/** A reading as the app keeps it. */
export type Reading = z.output<typeof Reading>;

/**
 * Sensor readings, exported and imported as NDJSON (one reading per line) or as a JSON array:
 * the converter is registered beside the built-in ones, and each route names the types it takes.
 */
export function createApp(): Express {
  const readings: Reading[] = [];
  // The defaults (JSON, XML, text, forms, ...) and the NDJSON converter after them.
  const api = createRouter({ converters: (defaults) => defaults.append(new NdjsonConverter()) });

  api
    .get('/readings')
    .produces('application/json', 'application/x-ndjson')
    .handle(() => readings);

  // A bulk import: every line is read, then the whole array is checked against the schema, so a
  // bad reading on line 3 answers 400 with the pointer /2/celsius and nothing is imported.
  api
    .post('/readings')
    .consumes('application/x-ndjson', 'application/json')
    .produces('application/json')
    .limit(256 * 1024)
    .body(z.array(Reading).max(1000))
    .handle((ctx) => {
      readings.push(...ctx.body);
      return { imported: ctx.body.length, total: readings.length };
    });

  const app = express();
  app.use(api.middleware());
  return app;
}
