import type http from 'node:http';
import { Readable } from 'node:stream';
import request from 'supertest';
import { NotFound, ResponseEntity } from '../../src';
import { type Mount, underBothMounts } from '../setup/both-mounts';
import { TrackedSource, rawGet, serving, waitFor } from '../setup/stream-fixture';

/** Reads a body as text whatever its type (supertest parses only the types it knows). */
function asText(response: request.Response, callback: (error: Error | null, body: unknown) => void): void {
  const res = response as unknown as http.IncomingMessage;
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => callback(null, text));
}

underBothMounts('streamed response bodies', (mount: Mount) => {
  let server: http.Server;
  const serve = serving(mount);

  describe('what a handler may return', () => {
    it('writes a node Readable of bytes as it comes, chunked, as application/octet-stream', async () => {
      server = await serve((api) => api.get('/file').handle(() => Readable.from([Buffer.from('first '), Buffer.from('second')])));
      const res = await request(server).get('/file').buffer(true).parse(asText);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.body).toBe('first second');
    });

    it('writes a web ReadableStream', async () => {
      server = await serve((api) =>
        api
          .get('/web')
          .produces('text/csv')
          .handle(() => new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('a,b\n1,2\n')), c.close()) })),
      );
      const res = await request(server).get('/web').buffer(true).parse(asText);
      expect([res.status, res.headers['content-type'], res.body]).toEqual([200, 'text/csv', 'a,b\n1,2\n']);
    });

    it('writes an async iterable of strings as text, in the charset Accept asks for', async () => {
      server = await serve((api) => api.get('/text').handle(() => new TrackedSource((i) => ['caf', 'é'][i]!, 2).values()));
      const res = await request(server).get('/text').set('Accept', 'text/plain;charset=iso-8859-1').buffer(true).parse((response, cb) => {
        const r = response as unknown as http.IncomingMessage;
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
      expect((res.body as Buffer).equals(Buffer.from('café', 'latin1'))).toBe(true);
    });

    it('writes an async iterable of objects as NDJSON, one JSON value per line', async () => {
      server = await serve((api) => api.get('/rows').handle(() => new TrackedSource((i) => ({ n: i, text: 'line\nbreak' }), 3).values()));
      const res = await request(server).get('/rows').buffer(true).parse(asText);
      expect(res.headers['content-type']).toBe('application/x-ndjson');
      expect(res.headers.vary).toBe('Accept');
      expect((res.body as string).split('\n')).toEqual(['{"n":0,"text":"line\\nbreak"}', '{"n":1,"text":"line\\nbreak"}', '{"n":2,"text":"line\\nbreak"}', '']);
    });

    it('writes JSON Lines when Accept prefers application/jsonl', async () => {
      server = await serve((api) => api.get('/rows').handle(() => new TrackedSource((i) => i, 2).values()));
      const res = await request(server).get('/rows').set('Accept', 'application/jsonl').buffer(true).parse(asText);
      expect([res.headers['content-type'], res.body]).toEqual(['application/jsonl', '0\n1\n']);
    });

    it('writes an empty stream as an empty body', async () => {
      server = await serve((api) => api.get('/none').handle(() => new TrackedSource((i) => i, 0).values()));
      const res = await request(server).get('/none').buffer(true).parse(asText);
      expect([res.status, res.body]).toEqual([200, '']);
    });
  });

  describe('negotiation, headers and validators', () => {
    it('answers 406 listing the stream types when Accept allows none, and stops the source', async () => {
      const source = new TrackedSource((i) => ({ n: i }), 1000);
      server = await serve((api) => api.get('/rows').handle(() => source.values()));
      const res = await request(server).get('/rows').set('Accept', 'text/html');
      expect(res.status).toBe(406);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.text).toContain('application/x-ndjson');
      expect(res.text).toContain('application/jsonl');
      await waitFor(() => source.finished, () => `pulled ${source.pulls}, never stopped`);
      expect(source.pulls).toBe(1);
    });

    it("keeps the route's cache policy and makes no ETag of the bytes", async () => {
      server = await serve((api) => api.get('/rows').cache({ maxAge: 60, public: true }).handle(() => new TrackedSource((i) => i, 2).values()));
      const res = await request(server).get('/rows');
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.headers.etag).toBeUndefined();
    });

    it('says Vary: Cookie on a stream from a route that binds a cookie, as on any answer', async () => {
      server = await serve((api) => api.get('/rows').cookie('session', { required: false }).handle(() => new TrackedSource((i) => i, 1).values()));
      const res = await request(server).get('/rows').set('Cookie', 'session=a');
      expect(res.headers.vary).toMatch(/\bCookie\b/);
      expect(res.headers.vary).toMatch(/\bAccept\b/);
    });

    it("uses the handler's validators: 304 to a matching If-None-Match, the source stopped", async () => {
      const source = new TrackedSource((i) => i, 1000);
      server = await serve((api) => api.get('/rows').handle(() => ResponseEntity.ok(source.values()).withValidators(7)));
      const full = await request(server).get('/rows').set('Accept', 'application/x-ndjson');
      expect(full.headers.etag).toBe('"7;x-ndjson"');
      const res = await request(server).get('/rows').set('Accept', 'application/x-ndjson').set('If-None-Match', '"7;x-ndjson"');
      expect(res.status).toBe(304);
      expect(res.text).toBe('');
      await waitFor(() => source.finished, () => 'the source was never stopped');
    });

    it("takes the .etag() hook's version, answering 304 without running the handler", async () => {
      let handled = 0;
      server = await serve((api) =>
        api
          .get('/file')
          // Declared, so that the hook's tag is the bytes' (a route that may answer objects tags per representation).
          .produces('application/octet-stream')
          .etag(() => 'v1')
          .handle(() => {
            handled++;
            return Readable.from([Buffer.from('bytes')]);
          }),
      );
      const full = await request(server).get('/file').buffer(true).parse(asText);
      expect([full.headers.etag, full.body]).toEqual(['"v1"', 'bytes']);
      const res = await request(server).get('/file').set('If-None-Match', '"v1"');
      expect([res.status, handled]).toEqual([304, 1]);
    });

    it('answers HEAD with the head alone and stops the source', async () => {
      const source = new TrackedSource((i) => i, 1000);
      server = await serve((api) => api.get('/rows').handle(() => source.values()));
      const res = await request(server).head('/rows');
      expect([res.status, res.headers['content-type']]).toEqual([200, 'application/x-ndjson']);
      await waitFor(() => source.finished, () => 'the source was never stopped');
    });
  });

  describe('failures', () => {
    it('answers a failure before the first byte with a problem document', async () => {
      server = await serve((api) => api.get('/rows').handle(() => new TrackedSource((i) => i, 3, { failAt: 0 }).values()));
      const res = await request(server).get('/rows');
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('answers an HttpError the source throws first with its status', async () => {
      server = await serve((api) =>
        api.get('/rows').handle(async function* () {
          yield* [];
          throw new NotFound('No such rows');
        }),
      );
      const res = await request(server).get('/rows');
      expect([res.status, res.body.detail]).toEqual([404, 'No such rows']);
    });

    it('cuts the connection on a failure after the first byte: the body never completes', async () => {
      server = await serve((api) => api.get('/rows').handle(() => new TrackedSource((i) => i, 3, { failAt: 2 }).values()));
      const res = await rawGet(server, '/rows');
      expect(res.statusCode).toBe(200);
      let received = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (received += chunk));
      const outcome = await new Promise<string>((resolve) => {
        res.on('end', () => resolve('ended'));
        res.on('error', () => resolve('cut'));
        res.on('aborted', () => resolve('cut'));
      });
      expect([outcome, res.complete, received]).toEqual(['cut', false, '0\n1\n']);
    });
  });

  describe('backpressure and cancellation', () => {
    const CHUNK = 64 * 1024;
    const CHUNKS = 512; // 32 MiB: more than loopback socket buffers hold

    it('pulls from the source only as fast as the client reads (waits for drain)', async () => {
      const source = new TrackedSource(() => Buffer.alloc(CHUNK, 120), CHUNKS);
      let drains = 0;
      let response: http.ServerResponse | undefined;
      server = await serve((api) =>
        api.get('/big').handle((ctx) => {
          response = ctx.res;
          ctx.res.on('drain', () => drains++);
          return source.values();
        }),
      );
      const res = await rawGet(server, '/big');
      res.pause();
      await waitFor(() => response?.writableNeedDrain === true, () => `the response never filled its buffer (${source.pulls} pulled)`);
      // The client reads nothing: the writer waits for drain instead of pulling on.
      const held = source.pulls;
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(source.pulls).toBe(held);
      expect(held).toBeLessThan(CHUNKS / 2);
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.resume();
      await new Promise((resolve) => res.on('end', resolve));
      expect([bytes, source.pulls, source.finished]).toEqual([CHUNK * CHUNKS, CHUNKS, true]);
      expect(drains).toBeGreaterThan(0);
    }, 60_000);

    it('aborts ctx.signal and stops an async iterable (return() called) when the client leaves', async () => {
      const source = new TrackedSource((i) => ({ n: i }), 10, { holdAfter: 1 });
      let signal: AbortSignal | undefined;
      server = await serve((api) =>
        api.get('/rows').handle((ctx) => {
          signal = ctx.signal;
          return source.values();
        }),
      );
      const res = await rawGet(server, '/rows');
      await new Promise((resolve) => res.once('data', resolve));
      res.destroy();
      await waitFor(() => signal?.aborted === true, () => 'ctx.signal was not aborted');
      // The generator waits at its gate: its finally runs once the step under way settles.
      source.release();
      await waitFor(() => source.finished, () => `pulled ${source.pulls}, never stopped`);
      expect(source.pulls).toBeLessThan(10);
    });

    it('destroys a node Readable when the client leaves', async () => {
      let readable: Readable | undefined;
      server = await serve((api) =>
        api.get('/file').handle(() => {
          // Pushes one chunk, then waits for data that never comes.
          readable = new Readable({ read() {} });
          readable.push(Buffer.from('first'));
          return readable;
        }),
      );
      const res = await rawGet(server, '/file');
      await new Promise((resolve) => res.once('data', resolve));
      res.destroy();
      await waitFor(() => readable?.destroyed === true, () => 'the Readable was not destroyed');
    });

    it('cancels a web ReadableStream when the client leaves', async () => {
      let cancelled: unknown;
      server = await serve((api) =>
        api.get('/web').handle(
          () =>
            new ReadableStream({
              start: (c) => c.enqueue(new Uint8Array([1, 2, 3])),
              cancel: (reason) => void (cancelled = reason ?? 'cancelled'),
            }),
        ),
      );
      const res = await rawGet(server, '/web');
      await new Promise((resolve) => res.once('data', resolve));
      res.destroy();
      await waitFor(() => cancelled !== undefined, () => 'the ReadableStream was not cancelled');
    });

    it('keeps a stream under way past the route time limit: the limit is for the head', async () => {
      const source = new TrackedSource((i) => `${i}\n`, 3, { holdAfter: 1 });
      server = await serve((api) => api.get('/slow').timeout(20).produces('text/plain').handle(() => source.values()));
      const res = await rawGet(server, '/slow');
      let received = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (received += chunk));
      await waitFor(() => received === '0\n', () => `received ${JSON.stringify(received)}`);
      // Past the limit, the rest of the body is let go.
      await new Promise((resolve) => setTimeout(resolve, 100));
      source.release();
      await new Promise((resolve) => res.on('end', resolve));
      expect([res.complete, received]).toEqual([true, '0\n1\n2\n']);
    });
  });
});
