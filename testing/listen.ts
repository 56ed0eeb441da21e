import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An app listening on one origin for as long as a test needs it: what {@link listen} answers. */
export interface ListeningApp {
  /** The origin it answers on, `http://127.0.0.1:PORT`, with no trailing slash: `request(server.url).get('/books/1')`. */
  readonly url: string;
  /** Stops listening and closes its connections, kept-alive ones too; resolves once the server has closed. */
  close(): Promise<void>;
}

/**
 * Starts `app` once, on a free port of 127.0.0.1, for tests that need every request to reach the
 * same origin. supertest's `request(app)` listens on a new port for each request, and the shared
 * cache (`express-represent/cache`) keys what it stores by the request's origin, Host and port included
 * (RFC 9111 section 2, RFC 9110 section 4.2.1): each of those requests is a miss. Requests sent to
 * `url` (`request(server.url)`) all reach one origin, so the second one can be a hit.
 * Close it when the tests are done (`afterAll(() => server.close())`).
 */
export async function listen(app: RequestListener): Promise<ListeningApp> {
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        // Node's HTTP agent keeps connections alive: close() alone would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
