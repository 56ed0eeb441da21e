import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../routes/app';
import { listeningServers } from '../setup/listening';

const listening = listeningServers();

/** A pino logger whose lines are kept, parsed. */
function capturedLogger(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

/** The service with the shared cache on one listening server (one Host: the cache keys by it), and its log lines. */
async function loggedService() {
  const { logger, lines } = capturedLogger();
  const { app } = createApp({ logger });
  const server = await listening(app);
  return { client: request(server), lines };
}

/** Waits until `count` lines were logged (each is written when its response finished), failing with what was. */
async function linesFor(lines: readonly Record<string, unknown>[], count: number): Promise<readonly Record<string, unknown>[]> {
  const deadline = Date.now() + 5_000;
  while (lines.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} log lines, got ${lines.length}: ${JSON.stringify(lines)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return lines;
}

describe('accessLog(logger, sharedCache): the service\'s access log, a router hook', () => {
  it('writes one line for a miss and one for the hit the shared cache answers: method, path, status, bytes, ms, request id, cache', async () => {
    const { client, lines } = await loggedService();
    const miss = await client.get('/bookcase').expect(200).expect('X-Cache', 'MISS');
    const hit = await client.get('/bookcase').expect(200).expect('X-Cache', 'HIT');
    const [missLine, hitLine] = await linesFor(lines, 2);
    expect(missLine).toEqual(
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/bookcase', status: 200, bytes: Number(miss.headers['content-length']), ms: expect.any(Number), requestId: miss.headers['x-request-id'], cache: 'MISS' }),
    );
    expect(hitLine).toEqual(
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/bookcase', status: 200, bytes: Number(hit.headers['content-length']), ms: expect.any(Number), requestId: hit.headers['x-request-id'], cache: 'HIT' }),
    );
    expect(hitLine!.bytes).toBeGreaterThan(0);
  });

  it('logs a 304 the shared cache made from a stored response as a HIT of 0 bytes', async () => {
    const { client, lines } = await loggedService();
    const first = await client.get('/bookcase');
    await client.get('/bookcase').set('If-None-Match', first.headers.etag as string).expect(304).expect('X-Cache', 'HIT');
    const logged = await linesFor(lines, 2);
    expect(logged[1]).toEqual(expect.objectContaining({ status: 304, bytes: 0, cache: 'HIT' }));
  });

  it('logs the problems the routes answer: a 400 naming a missing header', async () => {
    const { client, lines } = await loggedService();
    await client.get('/user/all?size=0').expect(400);
    const [line] = await linesFor(lines, 1);
    expect(line).toEqual(expect.objectContaining({ method: 'GET', path: '/user/all?size=0', status: 400, cache: 'MISS' }));
  });

  it.each([true, false])('logs the 404 of a path no route matches and the 400 of an invalid Host (shared cache on: %s)', async (cached) => {
    const { logger, lines } = capturedLogger();
    const { app } = createApp({ logger, cache: cached });
    const client = request(await listening(app));
    const unrouted = await client.get('/nowhere?x=1').expect(404);
    const badHost = await client.put('/bookcase').set('Host', 'a.example/users/2').expect(400);
    const logged = await linesFor(lines, 2);
    expect(logged[0]).toEqual(expect.objectContaining({ msg: 'request', method: 'GET', path: '/nowhere?x=1', status: 404, requestId: unrouted.headers['x-request-id'] }));
    expect(logged[1]).toEqual(expect.objectContaining({ msg: 'request', method: 'PUT', path: '/bookcase', status: 400, requestId: badHost.headers['x-request-id'] }));
    expect(unrouted.headers['x-request-id']).toEqual(expect.any(String));
    expect(badHost.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('logs a request whose connection closed before its answer as aborted', async () => {
    const { logger, lines } = capturedLogger();
    const { app, store } = createApp({ logger, cache: false });
    let reached: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (reached = resolve));
    const read = store.bookcase.read.bind(store.bookcase);
    store.bookcase.read = async () => {
      reached();
      await new Promise((resolve) => setTimeout(resolve, 200));
      return read();
    };
    const server = await listening(app);
    const { port } = server.address() as { port: number };
    const { request: get } = await import('node:http');
    const req = get({ port, host: '127.0.0.1', path: '/bookcase' });
    req.on('error', () => undefined);
    req.end();
    await reading;
    req.destroy();
    const [line] = await linesFor(lines, 1);
    expect(line).toEqual(expect.objectContaining({ method: 'GET', path: '/bookcase', status: 'aborted' }));
  });
});
