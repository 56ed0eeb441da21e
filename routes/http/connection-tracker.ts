import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What a connection is doing: how many responses it is delivering, and whether it has delivered one. */
interface ConnectionState {
  delivering: number;
  served: boolean;
  /** The bytes the OS had taken when write progress was last seen, and when (ms). */
  progress?: { readonly completed: number; readonly at: number };
}

/**
 * The open connections of a server: which are delivering responses and which are idle, idle ones
 * in the order they became idle. A response is delivered once all its bytes are handed to the
 * operating system (`finish`), not when the handler calls `end()`: until then node may still hold
 * most of it, waiting for a client that reads slowly or not at all.
 */
export class ConnectionTracker {
  readonly #connections = new Map<Socket, ConnectionState>();
  /** Idle connections, longest idle first (a Set iterates in insertion order). */
  readonly #idle = new Set<Socket>();
  readonly #responses = new Set<ServerResponse>();

  /** How many connections are open. */
  get size(): number {
    return this.#connections.size;
  }

  /** The responses being delivered. */
  get responses(): ReadonlySet<ServerResponse> {
    return this.#responses;
  }

  /** Tracks a new connection until it closes; it is idle until its first request. */
  opened(socket: Socket): void {
    this.#connections.set(socket, { delivering: 0, served: false });
    this.#idle.add(socket);
    socket.once('close', () => {
      this.#connections.delete(socket);
      this.#idle.delete(socket);
    });
  }

  /** Tracks a response on `socket` (its request's, even when pipelining queues it) until it is delivered or abandoned. */
  delivers(socket: Socket, res: ServerResponse): void {
    const state = this.#connections.get(socket);
    if (state === undefined) return;
    state.delivering += 1;
    this.#idle.delete(socket);
    this.#responses.add(res);
    let done = false;
    const delivered = (): void => {
      if (done) return;
      done = true;
      this.#responses.delete(res);
      state.delivering -= 1;
      state.served = true;
      if (state.delivering === 0 && this.#connections.has(socket)) {
        state.progress = undefined;
        this.#idle.add(socket);
      }
    };
    res.once('finish', delivered);
    res.once('close', delivered);
  }

  /**
   * Closes the connection idle the longest, other than `except` (a connection just accepted):
   * false when every other connection is delivering a response. A connection still sending its
   * first request head counts as idle: nothing is being delivered to it.
   */
  closeLongestIdle(except: Socket): boolean {
    for (const socket of this.#idle) {
      if (socket === except) continue;
      socket.destroy();
      return true;
    }
    return false;
  }

  /**
   * Closes the kept-alive connections that are delivering nothing. A connection yet to send its
   * first request is left to it (and to the headers timeout): it may be a request on its way.
   */
  closeKeptAlive(): void {
    for (const socket of this.#idle) if (this.#connections.get(socket)?.served === true) socket.destroy();
  }

  /**
   * Cuts the connections whose bytes waiting to be written have made no progress for `timeout`
   * ms at `now`: their clients stopped reading. A response still being computed has nothing
   * waiting and is not concerned (the route's time limit is). Answers how many were cut.
   */
  cutStalled(now: number, timeout: number): number {
    let cut = 0;
    for (const [socket, state] of this.#connections) {
      if (state.delivering === 0 || socket.destroyed) continue;
      const waiting = socket.writableLength;
      if (waiting === 0) {
        state.progress = undefined;
        continue;
      }
      // bytesWritten counts what is buffered too: what the OS has taken is the rest.
      const completed = socket.bytesWritten - waiting;
      if (state.progress === undefined || state.progress.completed !== completed) {
        state.progress = { completed, at: now };
      } else if (now - state.progress.at >= timeout) {
        socket.destroy();
        cut += 1;
      }
    }
    return cut;
  }
}
