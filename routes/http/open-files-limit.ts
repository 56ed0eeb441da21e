import { readFileSync } from 'node:fs';

/** The most connections the server keeps open when the process may open files enough. */
export const MAX_CONNECTIONS = 1_000;

/**
 * Descriptors left for everything but connections: node itself holds about 40 (its event loop,
 * standard streams, the listening socket, tsx's loader), and a request may open a file or two.
 */
export const RESERVED_DESCRIPTORS = 128;

/**
 * The soft limit on open files (`ulimit -n`) in the text of Linux's `/proc/self/limits`;
 * undefined when it is unlimited or not there.
 */
export function openFilesLimit(limits: string): number | undefined {
  const soft = /^Max open files +(\d+) /m.exec(limits)?.[1];
  return soft === undefined ? undefined : Number(soft);
}

/**
 * The connection cap of a process that may open `openFiles` files: {@link MAX_CONNECTIONS}, or
 * fewer so that {@link RESERVED_DESCRIPTORS} stay free. Past the descriptor limit the operating
 * system refuses every new connection, normal clients' included, before the server can make room.
 */
export function maxConnectionsFor(openFiles: number | undefined): number {
  return openFiles === undefined ? MAX_CONNECTIONS : Math.max(1, Math.min(MAX_CONNECTIONS, openFiles - RESERVED_DESCRIPTORS));
}

/** {@link maxConnectionsFor} this process, as its limits are now (none known outside Linux). */
export function defaultMaxConnections(): number {
  let limits: string;
  try {
    limits = readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return MAX_CONNECTIONS;
  }
  return maxConnectionsFor(openFilesLimit(limits));
}
