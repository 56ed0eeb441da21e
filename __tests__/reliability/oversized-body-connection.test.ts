import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '../setup/app-fixture';
import { listeningServers } from '../setup/listening';

/**
 * A body over the limit is 413 and "the rest is not read": after the answer the server reads and
 * throws away the rest only for a moment (so that the client gets the 413 rather than a reset,
 * RFC 9112 section 9.6), then closes the connection, rather than reading whatever the client goes
 * on sending until the request's time limit.
 */
describe('a body over the limit is not read to its end', () => {
  const app = serve((api) => {
    api.put('/small').consumes('application/json').body(Object).limit(1024).handle(() => undefined);
  });
  const listening = listeningServers();

  it.each([
    ['a Content-Length over the limit', 'Content-Length: 1000000000000', 413],
    ['a chunked body that passes the limit', 'Transfer-Encoding: chunked', 413],
    ['a body in a transfer coding it does not understand', 'Transfer-Encoding: gzip, chunked', 501],
  ])('closes the connection of %s that the client keeps sending', async (_, framing, status) => {
    const { port } = (await listening(app)).address() as AddressInfo;
    const outcome = await new Promise<{ answer: string; sent: number; closed: boolean }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let open = true;
      const done = (closed: boolean): void => {
        if (!open) return;
        open = false;
        clearTimeout(limit);
        socket.destroy();
        resolve({ answer, sent, closed });
      };
      const limit = setTimeout(() => done(false), 5000);
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => done(true));
      socket.on('error', () => done(true));
      // A keep-alive request (no Connection: close), its body sent as fast as the server takes it.
      socket.write(`PUT /small HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`);
      const piece = Buffer.alloc(64 * 1024, 0x20);
      const chunk = framing.endsWith('chunked') ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
      const pump = (): void => {
        while (open && socket.write(chunk)) sent += piece.length;
        if (open) socket.once('drain', pump);
      };
      pump();
    });
    expect(outcome.answer.slice(0, 13)).toBe(`HTTP/1.1 ${status} `);
    expect(outcome.closed).toBe(true);
    expect(outcome.sent).toBeLessThan(64 * 1024 * 1024);
  });
});
