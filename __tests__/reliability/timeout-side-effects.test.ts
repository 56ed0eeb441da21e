import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { expectProblem, serve } from '../setup/app-fixture';
import { listeningServers } from '../setup/listening';

/**
 * A route's time limit answers 503 (or 504): the client is told its request was not carried out,
 * so the handler must not run after that answer and change anything, whether the limit passed
 * while the `.etag()` hook was still working or while the body was still arriving.
 */
describe('a handler is not run after the time limit answered', () => {
  const writes: unknown[] = [];
  const app = serve((api) => {
    api
      .put('/slow-hook')
      .timeout(30)
      .etag(() => new Promise((resolve) => setTimeout(() => resolve('v1'), 120)))
      .handle(() => {
        writes.push('slow-hook');
        return undefined;
      });
    api
      .put('/slow-body')
      .consumes('application/json')
      .body(Object)
      .timeout(50)
      .handle((ctx) => {
        writes.push(ctx.body);
        return undefined;
      });
  });

  beforeEach(() => {
    writes.length = 0;
  });

  const listening = listeningServers();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('when the hook answers after the limit', async () => {
    expectProblem(await request(app).put('/slow-hook'), 503);
    await sleep(200);
    expect(writes).toEqual([]);
  });

  it('when the body arrives after the limit', async () => {
    const { port } = (await listening(app)).address() as AddressInfo;
    const body = JSON.stringify({ late: true });
    // A keep-alive client (a raw socket: node's client without an agent asks to close) that
    // sends the start of the body, then the rest after the limit.
    const status = await new Promise<number>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        answer += chunk;
        if (answer.includes('\r\n\r\n')) resolve(Number(answer.slice(9, 12)));
      });
      socket.on('error', reject);
      socket.write(`PUT /slow-body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 3)}`);
      setTimeout(() => socket.end(body.slice(3)), 150);
    });
    expect(status).toBe(503);
    // The rest of the body goes at 150 ms: the handler would run just after.
    await sleep(300);
    expect(writes).toEqual([]);
  });
});
