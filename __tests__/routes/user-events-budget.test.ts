import { type Socket, connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { createApp, eventStreamCap } from '../../routes/app';
import { type RunningServer, startServer } from '../../routes/http/graceful-server';
import { createMemoryStore } from '../../routes/store/memory-store';

/** The server's connection limit in this test: small, so that the streams could take all of it. */
const MAX_CONNECTIONS = 20;

/**
 * GET /users/events on the service as `npm start` serves it (routes/http/graceful-server.ts), at a
 * small connection limit: clients that open streams and read nothing (issue 33: a thousand of
 * them, no token) fill the service's stream cap, half its connection limit, and are refused past
 * it, while ordinary requests go on being answered.
 */
describe('GET /users/events at its stream cap', () => {
  let running: RunningServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // One address for every client here: the per-address cap is not what this test is about.
    const service = createApp({ cache: false, store: createMemoryStore(), eventKeepAlive: 0, eventStreams: { maxStreams: eventStreamCap(MAX_CONNECTIONS), maxStreamsPerClient: Infinity } });
    running = await startServer(service.app, 0, '127.0.0.1', { maxConnections: MAX_CONNECTIONS });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    running.server.closeAllConnections();
    await running.shutdown();
  });

  const port = (): number => Number(new URL(running.url).port);

  /** Opens an event stream on a raw connection and reads nothing past its head: answers the status line and the head. */
  function idleStream(): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port: port(), host: '127.0.0.1' });
      sockets.push(socket);
      socket.once('data', (chunk: Buffer) => {
        socket.pause();
        resolve(chunk.toString('latin1').split('\r\n\r\n')[0]!);
      });
      socket.once('close', () => resolve('closed'));
      socket.on('error', reject);
      socket.write('GET /users/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n');
    });
  }

  /** An ordinary GET on a connection of its own: its status, or the error that ended it. */
  function get(path: string): Promise<number | string> {
    return new Promise((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port: port(), path, agent: false, headers: { Accept: 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.end();
    });
  }

  it('opens streams up to half the connection limit, refuses the rest with 503 and Retry-After, and answers every ordinary GET meanwhile', async () => {
    const cap = eventStreamCap(MAX_CONNECTIONS);
    const opened: string[] = [];
    for (let i = 0; i < cap; i++) opened.push(await idleStream());
    expect(opened.map((head) => head.split('\r\n')[0])).toEqual(Array(cap).fill('HTTP/1.1 200 OK'));

    const refused: string[] = [];
    for (let i = 0; i < MAX_CONNECTIONS; i++) refused.push(await idleStream());
    for (const head of refused) {
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
      expect(head).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(head).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    }

    const answers: (number | string)[] = [];
    for (let i = 0; i < MAX_CONNECTIONS; i++) answers.push(await get('/users/1'));
    expect(answers).toEqual(Array(MAX_CONNECTIONS).fill(200));
  });
});
