import type http from 'node:http';
import express from 'express';
import { NotFound, createRouter } from '../../src';
import { cache } from '../../src/entries/cache';
import { rawExchange } from '../setup/raw-http';

/**
 * Two pipelined requests, the second with `Expect: 100-continue`: node queues its `100 Continue`
 * while the first response is still going out, and the second response must come after it, head
 * first (node 20 put the head of a response ended with a Buffer in front of the interim response).
 */
async function pipelined(listener: http.RequestListener, second: string): Promise<string> {
  const { head, body } = await rawExchange(listener, `GET /small HTTP/1.1\r\nHost: x\r\n\r\n${second} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
  return `${head}\r\n\r\n${body}`;
}

/** The status of the response after the interim one, or undefined when the interim one is not between two responses. */
function afterContinue(text: string): string | undefined {
  return /^HTTP\/1\.1 200 [^]*?\r\n\r\n[^]*?HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 (\d{3}) /.exec(text)?.[1];
}

describe('a response after a 100 Continue on a pipelined connection', () => {
  const api = createRouter({ onError: jest.fn() });
  api.get('/small').handle(() => ({ small: true }));
  api.post('/missing').handle(() => {
    throw new NotFound('No such thing');
  });
  api.post('/large').handle(() => ({ text: 'x'.repeat(40_000) }));
  api.get('/cached').cache({ maxAge: 60 }).handle(() => ({ text: 'y'.repeat(40_000) }));

  it.each([
    ['a problem document', 'POST /missing', '404'],
    ['a body over 16 KiB', 'POST /large', '200'],
  ])('comes head first for %s', async (_name, second, status) => {
    expect(afterContinue(await pipelined(api.wrap(express()), second))).toBe(status);
  });

  it('comes head first for a stored response the shared cache answers', async () => {
    const listener = cache().wrap(api.wrap(express()));
    await pipelined(listener, 'GET /cached');
    const text = await pipelined(listener, 'GET /cached');
    expect(afterContinue(text)).toBe('200');
  });
});
