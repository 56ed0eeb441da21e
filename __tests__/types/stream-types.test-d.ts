/**
 * Type tests for streamed answers: `npm run typecheck` (tsc, which `npm test` runs first) checks
 * this file, which jest does not run (`.test-d.ts`: `expectTypeOf` checks nothing at run time). A handler's
 * return type is unchanged (`unknown` without `.returns()`): a stream is one more value it may give.
 */
import { Readable } from 'node:stream';
import { expectTypeOf } from 'expect-type';
import { EventStream, type FilePart, Multipart, MultipartParts, type MultipartPart, type ServerSentEvent, ResponseEntity, createRouter, eventStream, streamOf } from '../../src';
import { z } from 'zod';

describe('streamed answer types', () => {
  it('lets a handler return a Readable, a ReadableStream, an async generator or an event stream', () => {
    const api = createRouter();
    api.get('/a').handle(() => Readable.from(['x']));
    api.get('/b').handle(() => new ReadableStream<Uint8Array>());
    api.get('/c').handle(async function* () {
      yield { n: 1 };
    });
    api.get('/d').handle(() => eventStream((async function* () {
      yield { data: 'x', id: 1 };
    })()));
  });

  it('types eventStream by the events its source yields', () => {
    async function* events(): AsyncGenerator<ServerSentEvent> {
      yield { data: { any: 'json' }, event: 'change', id: '7', retry: 1000 };
    }
    expectTypeOf(eventStream(events())).toEqualTypeOf<EventStream>();
    expectTypeOf(eventStream(events(), { keepAlive: 0 }).keepAlive).toEqualTypeOf<number>();
    // @ts-expect-error: an event's id is a string or a number
    const wrong: ServerSentEvent = { id: true };
    // @ts-expect-error: the source yields events, not strings
    eventStream((async function* () { yield 'text'; })());
    void wrong;
  });

  it('types .body(MultipartParts) as an async iterable of fields and file parts, each file a Readable', () => {
    const api = createRouter();
    api
      .post('/parts')
      .body(MultipartParts)
      .handle(async (ctx) => {
        expectTypeOf(ctx.body).toEqualTypeOf<MultipartParts>();
        for await (const part of ctx.body) {
          expectTypeOf(part).toEqualTypeOf<MultipartPart>();
          if (part.kind === 'file') {
            expectTypeOf(part).toEqualTypeOf<FilePart>();
            expectTypeOf(part.stream).toEqualTypeOf<Readable>();
            expectTypeOf(part.filename).toEqualTypeOf<string>();
          } else expectTypeOf(part.value).toEqualTypeOf<string>();
          // @ts-expect-error: a field has no stream, until its kind says it is a file
          void part.stream;
        }
      });
    api
      .post('/stored')
      .body(Multipart)
      .handle((ctx) => {
        expectTypeOf(ctx.body).toEqualTypeOf<Multipart>();
      });
  });

  it('types a .returns(streamOf(schema)) handler as one answering an async iterable of the schema\'s output', () => {
    const api = createRouter();
    const User = z.object({ id: z.number(), name: z.string() });
    api.get('/users').returns(streamOf(User)).handle(async function* () {
      yield { id: 1, name: 'Ada' };
    });
    api.get('/entity').returns(streamOf(User)).handle(() => ResponseEntity.ok((async function* () {
      yield { id: 1, name: 'Ada' };
    })()));
    // @ts-expect-error: an item must be the schema's output
    api.get('/wrong').returns(streamOf(User)).handle(async function* () {
      yield { id: 'one', name: 'Ada' };
    });
    // @ts-expect-error: a stream route answers a stream, not one item
    api.get('/one').returns(streamOf(User)).handle(() => ({ id: 1, name: 'Ada' }));
    expectTypeOf(streamOf(User)['~standard'].types).toEqualTypeOf<StandardTypes<{ id: number; name: string }> | undefined>();
  });
});

type StandardTypes<Item> = { readonly input: unknown; readonly output: AsyncIterable<Item> };
