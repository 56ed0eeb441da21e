import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { AS_ADMIN } from '../setup/service-fixture';
import { type Answer, readAnswer } from '../setup/text-answer';

export type { Answer } from '../setup/text-answer';

const ROOT = join(__dirname, '..', '..');

/** The service running in a process of its own, as `npm start` runs it. */
export interface ServiceProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  readonly exit: Promise<NodeJS.Signals | number | null>;
  readonly output: () => string;
}

/**
 * Runs routes/server.ts with node itself (not through npm, so that a signal reaches the service's
 * process and no other) on a free port, and waits for the URL it prints.
 */
export function startService(env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'routes/server.ts'], { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', CACHE: 'off', ...env } });
  let output = '';
  const exit = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The service printed no URL:\n${output}`)), 45_000);
    child.stdout.on('data', () => {
      const url = /on (http:\/\/localhost:\d+)/.exec(output)?.[1];
      if (url !== undefined) {
        clearTimeout(timer);
        resolve({ child, url: url.replace('localhost', '127.0.0.1'), exit, output: () => output });
      }
    });
    void exit.then((code) => {
      // Its deadline is over too: a pending timer would hold jest for 45 s after the test.
      clearTimeout(timer);
      reject(new Error(`The service exited with ${code}:\n${output}`));
    });
  });
}

/** Keep-alive connections, so that racing requests are not slowed by connecting. */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request; a JSON body is sent as `application/json`. */
export function call(base: string, method: string, path: string, headers: Record<string, string> = {}, json?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    // The service's writes need the admin's token (routes/README.md); reads are sent without.
    const auth = method === 'GET' || method === 'HEAD' ? {} : AS_ADMIN;
    const sent = body === undefined ? { ...auth, ...headers } : { 'Content-Type': 'application/json', 'Content-Length': String(body.length), ...auth, ...headers };
    const req = httpRequest(`${base}${path}`, { method, headers: sent, agent }, (res) => {
      readAnswer(res, resolve, reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Closes the keep-alive connections, so that jest can exit. */
export function closeConnections(): void {
  agent.destroy();
}
