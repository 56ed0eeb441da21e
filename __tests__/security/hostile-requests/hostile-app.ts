import { Readable } from 'node:stream';
import { z } from 'zod';
import { Form, Multipart, MultipartParts, ResponseEntity, type Router, XmlDocument, createRouter, eventStream, multipartWith, streamOf } from '../../../src';
import { CsvConverter } from '../../../src/converters';
import { MemoryStore, cache } from '../../../middleware/cache';

/** What the routes' handlers and the router's `onError` tell the harness. */
export interface HostileAppWatch {
  /** Handlers started and not yet settled (a generator: not yet finished): one left over is a hung request. */
  readonly running: Set<object>;
  /** The errors the router's `onError` saw: a handler of these routes never throws, so any is a fault. */
  readonly errors: unknown[];
}

/** The bytes the range routes answer: each its position modulo 256. */
export const FILE_BYTES = Buffer.from(Array.from({ length: 600 }, (_, i) => i % 256));
export const LAST_MODIFIED = 'Tue, 01 Oct 2024 10:00:00 GMT';

/** One route of every kind the library offers, with the path each answers, for the requests to aim at. */
export const ROUTES = {
  json: { method: 'POST', path: '/json', kind: 'json' },
  jsonPut: { method: 'PUT', path: '/doc', kind: 'json' },
  xml: { method: 'POST', path: '/xml', kind: 'xml' },
  text: { method: 'POST', path: '/text', kind: 'text' },
  form: { method: 'POST', path: '/form', kind: 'form' },
  csv: { method: 'POST', path: '/csv', kind: 'csv' },
  bytes: { method: 'POST', path: '/bytes', kind: 'bytes' },
  multipart: { method: 'POST', path: '/multipart', kind: 'multipart' },
  parts: { method: 'POST', path: '/parts', kind: 'multipart' },
  typedUpload: { method: 'POST', path: '/typed-upload', kind: 'multipart' },
  bound: { method: 'GET', path: '/bound/42;color=red', kind: 'none' },
  file: { method: 'GET', path: '/file', kind: 'none' },
  doc: { method: 'GET', path: '/doc', kind: 'none' },
  events: { method: 'GET', path: '/events', kind: 'none' },
  records: { method: 'GET', path: '/records', kind: 'none' },
  readable: { method: 'GET', path: '/readable', kind: 'none' },
  cached: { method: 'GET', path: '/cached', kind: 'none' },
  cachedWrite: { method: 'POST', path: '/cached', kind: 'json' },
} as const;

export type RouteName = keyof typeof ROUTES;
export type BodyKindName = (typeof ROUTES)[RouteName]['kind'];

const Book = z.object({ title: z.string(), pages: z.number().int().optional(), tags: z.array(z.string()).optional() });
const Row = z.object({ n: z.number().int() });

/**
 * A router with one route of every kind (JSON, XML, text, form, CSV, bytes and multipart bodies;
 * query, header, cookie and matrix bindings; ranges and validators; conditional reads and writes;
 * an event stream, a record stream and a Readable; the shared cache in front of one route), each
 * handler in `watch.running` while it runs. Every handler answers what it read, never the
 * bytes themselves, so that nothing a client sent can pass for a status line in an answer.
 */
export function hostileRouter(watch: HostileAppWatch): Router {
  const api = createRouter({ onError: (error) => void watch.errors.push(error) });
  const sharedCache = cache({ store: new MemoryStore(), statusHeader: 'X-Cache' });

  /** Keeps the handler in `watch.running` until it settles. */
  const tracked = <A extends unknown[], T>(handler: (...args: A) => T | Promise<T>) =>
    async (...args: A): Promise<T> => {
      const run = {};
      watch.running.add(run);
      try {
        return await handler(...args);
      } finally {
        watch.running.delete(run);
      }
    };
  /** Keeps a generator in `watch.running` from its first step to its end, however it ends. */
  async function* trackedItems<T>(items: readonly T[]): AsyncGenerator<T> {
    const run = {};
    watch.running.add(run);
    try {
      for (const item of items) yield item;
    } finally {
      watch.running.delete(run);
    }
  }

  api.post(ROUTES.json.path).consumes('application/json').body(Book).handle(tracked((ctx) => ({ title: ctx.body.title.length, tags: ctx.body.tags?.length ?? 0 })));
  api.get(ROUTES.doc.path).etag(() => ({ etag: 'd1', lastModified: LAST_MODIFIED })).handle(tracked(() => ({ version: 1 })));
  api.put(ROUTES.jsonPut.path).etag(() => ({ etag: 'd1', lastModified: LAST_MODIFIED })).body(Book).handle(tracked((ctx) => ({ title: ctx.body.title.length })));
  api.post(ROUTES.xml.path).body(XmlDocument).handle(tracked((ctx) => ({ root: ctx.body.documentElement?.nodeName.length ?? 0 })));
  api.post(ROUTES.text.path).body(String).handle(tracked((ctx) => ({ length: ctx.body.length })));
  api.post(ROUTES.form.path).body(Form).handle(tracked((ctx) => ({ names: Object.keys(Form.toObject(ctx.body)).length })));
  api
    .post(ROUTES.csv.path)
    .converters((registry) => registry.append(new CsvConverter()))
    .consumes('text/csv')
    .body(Object)
    .handle(tracked((ctx) => ({ rows: Array.isArray(ctx.body) ? ctx.body.length : 0 })));
  api.post(ROUTES.bytes.path).body(Buffer).handle(tracked((ctx) => ({ length: ctx.body.length })));
  api.post(ROUTES.multipart.path).body(Multipart).handle(
    tracked(async (ctx) => ({
      fields: Object.keys(Form.toObject(ctx.body.fields)).length,
      sizes: await Promise.all(ctx.body.files.map(async (file) => (await file.bytes()).length)),
    })),
  );
  api.post(ROUTES.parts.path).body(MultipartParts).handle(
    tracked(async (ctx) => {
      let bytes = 0;
      for await (const part of ctx.body) {
        if (part.kind === 'field') bytes += part.value.length;
        else for await (const chunk of part.stream) bytes += (chunk as Buffer).length;
      }
      return { bytes };
    }),
  );
  api
    .post(ROUTES.typedUpload.path)
    .body(multipartWith(z.object({ title: z.string(), pages: z.number().int().optional() }), { files: ['cover'] }))
    .handle(tracked(async (ctx) => ({ title: ctx.body.fields.title.length, cover: (await ctx.body.file('cover')?.bytes())?.length ?? null })));
  api
    .get('/bound/{id}')
    .query('page', { type: 'integer', defaultValue: 1, min: 1 })
    .query('tag', { array: true, required: false })
    .header('X-Count', { type: 'integer', required: false })
    .header('X-Flag', { type: 'boolean', required: false })
    .cookie('session', { required: false })
    .cookie('size', { type: 'number', defaultValue: 20, max: 100 })
    .matrix('color', { pathVar: 'id', array: true, required: false })
    .handle(tracked((ctx) => ({ id: ctx.path.id.length, page: ctx.query.page, tags: ctx.query.tag?.length ?? 0, size: ctx.cookie.size, colors: ctx.matrix.color?.length ?? 0 })));
  api
    .get(ROUTES.file.path)
    .produces('image/png')
    .handle(tracked(() => ResponseEntity.ok(FILE_BYTES).header('Content-Type', 'image/png').withValidators({ etag: 'f1', lastModified: new Date(LAST_MODIFIED) })));
  api
    .get(ROUTES.events.path)
    .header('Last-Event-ID', { required: false, type: 'integer' })
    .handle(tracked((ctx) => eventStream(trackedItems([1, 2, 3].filter((id) => id > (ctx.header['Last-Event-ID'] ?? 0)).map((id) => ({ id, event: 'tick', data: `n${id}` }))), { keepAlive: 0 })));
  api.get(ROUTES.records.path).returns(streamOf(Row)).handle(() => trackedItems([{ n: 1 }, { n: 2 }, { n: 3 }]));
  api.get(ROUTES.readable.path).produces('text/csv').handle(tracked(() => Readable.from([Buffer.from('id,name\n'), Buffer.from('1,Ada\n')])));
  api
    .get(ROUTES.cached.path)
    .use(sharedCache)
    .cache({ public: true, maxAge: 600 })
    .header('X-Variant', { required: false })
    .produces('application/octet-stream')
    .etag(() => ({ etag: 'c1', lastModified: LAST_MODIFIED }))
    .handle(tracked(() => FILE_BYTES));
  api.post(ROUTES.cachedWrite.path).use(sharedCache).body(Book).handle(tracked(() => ResponseEntity.noContent().header('Location', ROUTES.cached.path)));
  return api;
}
