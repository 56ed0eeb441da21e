import http from 'node:http';

/**
 * `listeningServers()` answers `listening(listener)`, which starts a server on 127.0.0.1 on a free
 * port, closed after each test. The shared cache keys on the absolute URI, Host included: supertest
 * would give every request a server of its own (and a new port), so a test that talks to one cache
 * listens once.
 */
export function listeningServers(): (listener: http.RequestListener) => Promise<http.Server> {
  const servers: http.Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });
  return async (listener) => {
    const server = http.createServer(listener);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  };
}
