import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { inConnectionOrder } from '../../src/exchange/connection-order';

/** A response as node makes it: without its socket while an earlier response on the connection is unfinished. */
function response(assigned: Socket | null): ServerResponse & EventEmitter {
  return Object.assign(new EventEmitter(), { socket: assigned }) as unknown as ServerResponse & EventEmitter;
}

const requestOn = (method: string, socket: Socket | undefined): IncomingMessage => ({ method, socket }) as unknown as IncomingMessage;

describe('inConnectionOrder(req, res, handle) (RFC 9112 section 9.3.2)', () => {
  it('handles at once a request whose response has the connection', () => {
    const socket = new Socket();
    const handle = jest.fn();
    inConnectionOrder(requestOn('PUT', socket), response(socket), handle);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it('handles at once a safe request behind safe ones', () => {
    const handle = jest.fn();
    inConnectionOrder(requestOn('GET', new Socket()), response(null), handle);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it('handles an unsafe request behind another response once node hands it the connection', async () => {
    const socket = new Socket();
    const res = response(null);
    const handle = jest.fn();
    inConnectionOrder(requestOn('PUT', socket), res, handle);
    expect(handle).not.toHaveBeenCalled();
    res.emit('socket', socket);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it('holds a safe request behind an unsafe one in flight, until the unsafe one is answered', async () => {
    const socket = new Socket();
    const put = response(socket);
    inConnectionOrder(requestOn('PUT', socket), put, jest.fn());
    const handle = jest.fn();
    inConnectionOrder(requestOn('GET', socket), response(null), handle);
    expect(handle).not.toHaveBeenCalled();
    put.emit('close');
    const after = jest.fn();
    inConnectionOrder(requestOn('GET', socket), response(null), after);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('handles at once a request without a connection (made in-process)', () => {
    const handle = jest.fn();
    inConnectionOrder(requestOn('PUT', undefined), response(null), handle);
    expect(handle).toHaveBeenCalledTimes(1);
  });
});
