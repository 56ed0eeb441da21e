import type { ServerResponse } from 'node:http';

/**
 * Sends the head of a response that waits behind another on a pipelined connection before its body
 * is ended as a Buffer. Node (20) puts such a response's head in front of what it queued for it
 * already, the `100 Continue` of `Expect: 100-continue`, so a Buffer body ended with the head
 * follows the interim response and the client reads the body as the start of a response. Sent on
 * its own, the head takes its place after it. A response with a socket is written in order: nothing
 * to do.
 */
export function headFirst(res: ServerResponse): void {
  if (res.socket === null) res.flushHeaders();
}
