import { on } from 'node:events';
import { type FSWatcher, mkdtempSync, readdirSync, readlinkSync, rmSync, watch } from 'node:fs';
import type { Server } from 'node:http';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Multipart, createRouter } from '../../../src';
import { MultipartConverter } from '../../../src/converters';
import { serverFor, underBothMounts } from '../../setup/both-mounts';

jest.setTimeout(60_000);

/** The real timer, kept before a test fakes `setTimeout`: the deadlines below are real ones. */
const realSetTimeout = setTimeout;

/** A folder of this file's own; each test makes its temporary folders in a folder of its own inside. */
const root = mkdtempSync(join(tmpdir(), 'multipart-clean-up-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let directory: string;

/** The route's time limit, passed on a fake clock once the upload is seen on disk. */
const TIME_LIMIT_MS = 5_000;

function uploadRouter(onError: jest.Mock) {
  const api = createRouter({ onError });
  api
    .post('/uploads')
    .converters((registry) => registry.replace('multipart', new MultipartConverter({ limits: { fileSize: 256 * 1024 }, directory })))
    .limit(4 * 1024 * 1024)
    .timeout(TIME_LIMIT_MS)
    .body(Multipart)
    .handle((ctx) => ({ files: ctx.body.files.map((file) => file.size) }));
  return api;
}

/** The descriptors this process holds open on anything under the test's folder. */
function descriptorsHeld(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(directory) ? [target] : [];
    } catch {
      return []; // closed between the listing and the look
    }
  });
}

/**
 * Watches the test's folder and everything below it: `until(condition)` resolves when the
 * condition holds, looked at on each change the watcher reports (an event, not a sleep), and fails
 * after a real deadline saying what the folder held.
 */
function watchFolder(): { until: (what: string, condition: () => boolean) => Promise<void>; close: () => void } {
  const watcher: FSWatcher = watch(directory, { recursive: true });
  const controller = new AbortController();
  // Made at once, so that no change between a look and the wait is missed: they queue.
  const changes = on(watcher, 'change', { signal: controller.signal })[Symbol.asyncIterator]();
  return {
    until: async (what, condition) => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = realSetTimeout(() => reject(new Error(`${what}: not within 10 s; the folder holds ${JSON.stringify(readdirSync(directory, { recursive: true }))}`)), 10_000);
      });
      try {
        while (!condition()) await Promise.race([changes.next(), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => {
      controller.abort();
      watcher.close();
    },
  };
}

/** Whether an upload's file is on disk: a temporary folder holding a file. */
const fileStored = (): boolean => readdirSync(directory, { recursive: true }).some((name) => String(name).includes('/'));
const folderEmpty = (): boolean => readdirSync(directory).length === 0;

/** A connection that sends the parts of a request as asked, and collects the answer. */
async function openConnection(server: Server): Promise<{ socket: Socket; answer: Promise<string> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const socket = connect({ port: (server.address() as AddressInfo).port, host: '127.0.0.1' });
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => {}); // reset by the server once it has answered
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      // The status line is all the tests look at.
      if (text.includes('\r\n\r\n')) resolve(text);
    });
    socket.once('close', () => resolve(text));
  });
  return { socket, answer };
}

const BOUNDARY = 'XyZ';
const filePart = (name: string, bytes: number): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\n\r\n${'x'.repeat(bytes)}\r\n`;
const requestHead = (length: number): string =>
  `POST /uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`;
/** A first file stored, then 64 KiB of a second one: the rest of its declared megabyte never comes. */
const STALLED = `${filePart('a', 1000)}--${BOUNDARY}\r\nContent-Disposition: form-data; name="b"; filename="b.bin"\r\n\r\n${'y'.repeat(64 * 1024)}`;

const statusOf = (answer: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

underBothMounts('multipart/form-data bodies: the temporary files are removed and closed', (mount) => {
  let server: Server;
  let folder: ReturnType<typeof watchFolder>;
  let onError: jest.Mock;
  beforeEach(() => {
    directory = mkdtempSync(join(root, 'test-'));
    onError = jest.fn();
    server = serverFor(mount, uploadRouter(onError));
    folder = watchFolder();
  });
  afterEach(async () => {
    jest.useRealTimers();
    folder.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** After the ending: no folder, no descriptor (the files are closed before the folder goes). */
  async function expectCleanedUp(): Promise<void> {
    await folder.until('the temporary folder removed', folderEmpty);
    expect(descriptorsHeld()).toEqual([]);
  }

  it('after a response to a complete upload', async () => {
    const body = `${filePart('a', 1000)}${filePart('b', 2000)}--${BOUNDARY}--\r\n`;
    const { socket, answer } = await openConnection(server);
    socket.write(requestHead(body.length) + body);
    expect(statusOf(await answer)).toBe(200);
    await expectCleanedUp();
    expect(onError).not.toHaveBeenCalled();
  });

  it('after a 413 for a limit the second file passes', async () => {
    const body = `${filePart('a', 1000)}${filePart('b', 300 * 1024)}--${BOUNDARY}--\r\n`;
    const { socket, answer } = await openConnection(server);
    socket.write(requestHead(body.length) + body);
    expect(statusOf(await answer)).toBe(413);
    await expectCleanedUp();
  });

  it('after the route\'s time limit answers a stalled upload', async () => {
    // Only setTimeout is faked: the route's time limit, passed below once a file is on disk.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'nextTick', 'queueMicrotask', 'Date', 'hrtime', 'performance'] });
    const { socket, answer } = await openConnection(server);
    socket.write(requestHead(1024 * 1024) + STALLED);
    await folder.until('the first file stored', fileStored);
    jest.advanceTimersByTime(TIME_LIMIT_MS);
    expect(statusOf(await answer)).toBe(503);
    // The client stays connected, sending nothing more.
    await expectCleanedUp();
    expect(socket.destroyed).toBe(false);
  });

  it('after the client leaves mid-upload', async () => {
    const { socket } = await openConnection(server);
    socket.write(requestHead(1024 * 1024) + STALLED);
    await folder.until('the first file stored', fileStored);
    socket.destroy();
    await expectCleanedUp();
  });
});
