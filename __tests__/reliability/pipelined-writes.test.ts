import type http from 'node:http';
import express from 'express';
import { NotFound, ResponseEntity, createRouter } from '../../src';
import { cache } from '../../src/entries/cache';
import type { AddressInfo } from 'node:net';
import { listeningServers } from '../setup/listening';
import { rawRequest } from '../setup/raw-http';
import { createApp } from '../../routes/app';
import { DEVELOPMENT_TOKENS } from '../../routes/auth/accounts';
import { createMemoryStore } from '../../routes/store/memory-store';

const listening = listeningServers();

/** A store whose reads and writes complete after a delay, as a database's would. */
function slowStore(delays: { read: number; write: number }) {
  const items = new Map<string, string>();
  const after = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    async read(id: string): Promise<string | undefined> {
      await after(delays.read);
      return items.get(id);
    },
    /** Answers whether the item was created. */
    async write(id: string, text: string): Promise<boolean> {
      await after(delays.write);
      const created = !items.has(id);
      items.set(id, text);
      return created;
    },
  };
}

/** A router over a slow store, and the most handlers it had running at once. */
function itemsApi(delays: { read: number; write: number }) {
  const store = slowStore(delays);
  const running = { now: 0, most: 0 };
  const counting = async <T>(work: () => Promise<T>): Promise<T> => {
    running.most = Math.max(running.most, ++running.now);
    try {
      return await work();
    } finally {
      running.now--;
    }
  };
  const api = createRouter({ onError: jest.fn() });
  api.get('/items/{id}').produces('application/json').cache({ maxAge: 60 }).handle((ctx) =>
    counting(async () => {
      const text = await store.read(ctx.path.id);
      if (text === undefined) throw new NotFound(`No item '${ctx.path.id}'`);
      return { text };
    }),
  );
  api.put('/items/{id}').consumes('application/json').body(Object).handle((ctx) =>
    counting(async () => {
      const created = await store.write(ctx.path.id, String((ctx.body as { text?: unknown }).text));
      return created ? ResponseEntity.created(`/items/${ctx.path.id}`) : ResponseEntity.noContent();
    }),
  );
  return { api, running };
}

const put = (path: string, text: string): string => {
  const body = JSON.stringify({ text });
  return `PUT ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};
const get = (path: string, last = false): string => `GET ${path} HTTP/1.1\r\nHost: x\r\n${last ? 'Connection: close\r\n' : ''}\r\n`;

/** The status line and body of each response on the connection, in order. */
async function pipelined(listener: http.RequestListener, requests: readonly string[]): Promise<{ status: number; body: string }[]> {
  // Sent in one write, and the connection left open (a client that half-closes gets its pipelined
  // requests aborted by node): the last request asks for Connection: close.
  const server = await listening(listener);
  const { head, body } = await rawRequest((server.address() as AddressInfo).port, [requests.join('')]);
  const text = `${head}\r\n\r\n${body}`;
  return text
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter((part) => part.length > 0)
    .map((part) => ({ status: Number(part.slice(9, 12)), body: part.slice(part.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, '') }));
}

const mounts: [string, (api: ReturnType<typeof createRouter>) => http.RequestListener][] = [
  ['api.middleware()', (api) => express().use(api.middleware())],
  ['api.wrap(app)', (api) => api.wrap(express())],
  ['app.use(cache()) before api.middleware()', (api) => express().use(cache()).use(api.middleware())],
  ['cache().wrap(api.wrap(app))', (api) => cache().wrap(api.wrap(express()))],
];

describe.each(mounts)('pipelined requests after an unsafe one, under %s (RFC 9112 section 9.3.2)', (_mount, listen) => {
  it('answers a GET pipelined after a PUT that creates with the created state, not 404', async () => {
    const { api } = itemsApi({ read: 0, write: 30 });
    const answers = await pipelined(listen(api), [put('/items/x', 'one'), get('/items/x', true)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 200]);
    expect(JSON.parse(answers[1]!.body)).toEqual({ text: 'one' });
  });

  it('answers each request with the state the one before it left', async () => {
    const { api, running } = itemsApi({ read: 0, write: 30 });
    const answers = await pipelined(listen(api), [get('/items/x'), put('/items/x', 'one'), get('/items/x'), put('/items/x', 'two'), get('/items/x', true)]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 201, 200, 204, 200]);
    expect(JSON.parse(answers[2]!.body)).toEqual({ text: 'one' });
    expect(JSON.parse(answers[4]!.body)).toEqual({ text: 'two' });
    expect(running.most).toBe(1);
  });

  it('runs a PUT pipelined after a slow GET only once the GET is answered: the GET sees the state before it', async () => {
    const { api } = itemsApi({ read: 30, write: 0 });
    const answers = await pipelined(listen(api), [get('/items/x'), put('/items/x', 'one'), get('/items/x', true)]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 201, 200]);
  });

  it('still answers pipelined safe requests side by side', async () => {
    const { api, running } = itemsApi({ read: 30, write: 0 });
    const answers = await pipelined(listen(api), [get('/items/a'), get('/items/b'), get('/items/c', true)]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    expect(running.most).toBe(3);
  });
});

describe.each(mounts.slice(2))('a stored response to a request pipelined after an unsafe one, under %s', (_mount, listen) => {
  it('is not answered before the unsafe request has invalidated it', async () => {
    const { api } = itemsApi({ read: 0, write: 30 });
    const listener = listen(api);
    const stored = await pipelined(listener, [put('/items/x', 'one'), get('/items/x', true)]);
    expect(stored.map((answer) => answer.body)).toEqual(['', '{"text":"one"}']);
    const answers = await pipelined(listener, [put('/items/x', 'two'), get('/items/x', true)]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 200]);
    expect(answers[1]!.body).toBe('{"text":"two"}');
  });
});

describe('the service, a GET pipelined after the PUT that creates its user', () => {
  it('answers the created user, not 404, with the shared cache on', async () => {
    const { app } = createApp({ cache: true, store: createMemoryStore() });
    const body = JSON.stringify({ name: 'Alan Kay', email: 'kay@example.org', role: 'editor' });
    // The service's writes need the admin's token.
    const create = `PUT /users/kay HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${DEVELOPMENT_TOKENS.admin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const answers = await pipelined(app, [create, get('/users/kay', true)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 200]);
    expect(JSON.parse(answers[1]!.body)).toMatchObject({ id: 'kay', name: 'Alan Kay' });
  });
});
