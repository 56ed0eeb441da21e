import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isSafeMethod } from '../http/safe-method';

/** Per connection, how many unsafe requests it carried are not answered yet; none is no entry. */
const unsafeInFlight = new WeakMap<Socket, number>();
/** The responses counted in {@link unsafeInFlight}: a request passing two mounts counts once. */
const counted = new WeakSet<ServerResponse>();

/**
 * Runs `handle(req, res, extra)` for a request when its connection allows it. Node emits pipelined requests as it
 * parses them and writes their responses in order, so their handlers would run side by side: a
 * GET sent after a PUT on one connection could read the state from before the write. RFC 9112
 * section 9.3.2 allows parallel processing only when every pipelined request is safe, so a request
 * waits until every earlier response on its connection has finished when it is unsafe, or when an
 * unsafe request on the connection is still in flight; each then sees the state the one before
 * left. Node hands a response the connection (`res.socket`, and the `socket` event) only when
 * those before it have finished: until then `res.socket` is null, so the normal path (nothing
 * earlier unanswered on the connection) costs one property read and a method lookup, and `handle`
 * takes the request, its response and `extra` (Express's `next`) so that a caller need not make a
 * closure per request for it.
 */
export function inConnectionOrder<Req extends IncomingMessage, Res extends ServerResponse, A>(
  req: Req,
  res: Res,
  handle: (req: Req, res: Res, extra: A) => void,
  extra?: A,
): void {
  const socket = req.socket as Socket | null | undefined;
  // No connection (a request made by hand, in-process): nothing to be in order with.
  if (socket === null || socket === undefined) return handle(req, res, extra as A);
  const safe = isSafeMethod(req.method ?? 'GET');
  if (!safe) countUntilAnswered(socket, res);
  if (res.socket !== null || (safe && !unsafeInFlight.has(socket))) return handle(req, res, extra as A);
  // After the finish listeners of the response before, which hands this one the connection.
  res.once('socket', () => process.nextTick(handle, req, res, extra as A));
}

function countUntilAnswered(socket: Socket, res: ServerResponse): void {
  if (counted.has(res)) return;
  counted.add(res);
  unsafeInFlight.set(socket, (unsafeInFlight.get(socket) ?? 0) + 1);
  res.once('close', () => {
    const left = (unsafeInFlight.get(socket) ?? 1) - 1;
    if (left === 0) unsafeInFlight.delete(socket);
    else unsafeInFlight.set(socket, left);
  });
}
