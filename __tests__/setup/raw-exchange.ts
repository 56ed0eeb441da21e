import http from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * Serves `listener` on 127.0.0.1, sends `text` as it is on one connection (so nothing normalises a
 * malformed or pipelined request), and answers everything the server wrote until it closed.
 */
export async function rawExchange(listener: http.RequestListener, text: string): Promise<string> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.end(text);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
