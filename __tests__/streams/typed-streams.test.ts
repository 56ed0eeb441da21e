import type http from 'node:http';
import request from 'supertest';
import { z } from 'zod';
import { ResponseEntity, createRouter, streamOf } from '../../src';
import { underBothMounts } from '../setup/both-mounts';
import { openApiErrors } from '../setup/validate-openapi';
import { rawGet, serving } from '../setup/stream-fixture';

jest.setTimeout(60_000);

const User = z.object({ id: z.number().int(), name: z.string() });

/** supertest's reading of a body it has no parser for: the text. */
const text = (res: request.Test) =>
  res.buffer(true).parse((response, done) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (body += chunk));
    response.on('end', () => done(null, body));
  });

/** The users a handler yields, the third one (`bad`) not matching the schema when asked. */
async function* users(bad = false): AsyncGenerator<z.infer<typeof User>> {
  yield { id: 1, name: 'Ada' };
  yield { id: 2, name: 'Grace', extra: 'not in the schema' } as z.infer<typeof User>;
  if (bad) yield { id: 'three', name: 'Edsger' } as unknown as z.infer<typeof User>;
}

underBothMounts('.returns(streamOf(schema))', (mount) => {
  const serve = serving(mount);
  let server: http.Server;

  const build = (api: ReturnType<typeof createRouter>) => {
    api.get('/users').returns(streamOf(User)).handle(() => users());
    api.get('/bad-users').returns(streamOf(User)).handle(() => users(true));
    api.get('/bad-first').returns(streamOf(User)).handle(async function* () {
      yield { id: 'x' } as unknown as z.infer<typeof User>;
    });
    api.get('/names').returns(streamOf(z.string())).handle(async function* () {
      yield 'Ada';
      yield 'Grace';
    });
    api.get('/events').produces('text/event-stream', 'application/x-ndjson').returns(streamOf(User)).handle(() => ResponseEntity.ok(users()).header('X-Total', '2'));
  };

  it('writes each item as a line of NDJSON, as the schema outputs it (unknown keys stripped)', async () => {
    server = await serve(build);
    const res = await text(request(server).get('/users')).expect(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    expect(String(res.body)).toBe('{"id":1,"name":"Ada"}\n{"id":2,"name":"Grace"}\n');
  });

  it('writes JSON Lines when Accept asks for it, and 406 listing the stream types for JSON', async () => {
    server = await serve(build);
    const lines = await text(request(server).get('/users').set('Accept', 'application/jsonl')).expect(200);
    expect(lines.headers['content-type']).toBe('application/jsonl');
    const refused = await request(server).get('/users').set('Accept', 'application/json').expect(406);
    expect(refused.body.detail).toContain('application/x-ndjson');
  });

  it('writes items that are strings as JSON lines too: the declaration, not the first value, says records', async () => {
    server = await serve(build);
    const res = await text(request(server).get('/names')).expect(200);
    expect([res.headers['content-type'], String(res.body)]).toEqual(['application/x-ndjson', '"Ada"\n"Grace"\n']);
  });

  it('writes each item as an event\'s data where the route produces text/event-stream', async () => {
    server = await serve(build);
    const res = await text(request(server).get('/events').set('Accept', 'text/event-stream')).expect(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['x-total']).toBe('2');
    expect(String(res.body)).toBe('data: {"id":1,"name":"Ada"}\n\ndata: {"id":2,"name":"Grace"}\n\n');
  });

  it('answers 500 when the first item does not match the schema: nothing was sent yet', async () => {
    server = await serve(build);
    const res = await request(server).get('/bad-first').expect(500);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('cuts the connection when a later item does not match: the body never completes', async () => {
    server = await serve(build);
    const res = await rawGet(server, '/bad-users');
    expect(res.statusCode).toBe(200);
    let received = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (received += chunk));
    const outcome = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`neither ended nor cut within 20 s; received ${JSON.stringify(received)}`)), 20_000);
      const settle = (how: string) => () => {
        clearTimeout(timer);
        resolve(how);
      };
      res.on('end', settle('ended'));
      res.on('error', settle('cut'));
      res.on('aborted', settle('cut'));
    });
    expect([outcome, res.complete, received]).toEqual(['cut', false, '{"id":1,"name":"Ada"}\n{"id":2,"name":"Grace"}\n']);
  });
});

describe('router.openapi() for .returns(streamOf(schema))', () => {
  const api = createRouter();
  api.get('/users').returns(streamOf(User), { description: 'Every user, one per line' }).handle(() => users());
  api.get('/events').produces('text/event-stream').returns(streamOf(User)).handle(() => users());
  const document = api.openapi({ info: { title: 'Streams', version: '1.0.0' } });

  it('describes the response as a sequence of the item schema in the stream media types', () => {
    type Described = { description?: string; content?: Record<string, { schema?: unknown }> } | undefined;
    const ok = document.paths['/users']?.get?.responses['200'] as Described;
    expect(ok?.description).toBe('Every user, one per line');
    expect(Object.keys(ok?.content ?? {})).toEqual(['application/x-ndjson', 'application/jsonl']);
    expect(ok?.content?.['application/x-ndjson']?.schema).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    });
    expect(Object.keys((document.paths['/events']?.get?.responses['200'] as Described)?.content ?? {})).toEqual(['text/event-stream']);
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    expect(await openApiErrors(document)).toEqual([]);
  });
});
