/**
 * Type tests of `.returns(schema)`: `npm run typecheck` (tsc, which `npm test` runs first) checks
 * this file, which jest does not run (`.test-d.ts`: `expectTypeOf` checks nothing at run time), so a handler
 * whose answer the schema does not describe fails the build. The `@ts-expect-error` lines prove it.
 */
import { expectTypeOf } from 'expect-type';
import { z } from 'zod';
import { ResponseEntity, type ReturnOf, type ReturningHandler, createRouter } from '../../src';

const book = z.object({ isbn: z.string(), pages: z.number() });
type Book = z.infer<typeof book>;

describe('.returns(schema) types the handler', () => {
  const api = createRouter();

  it("takes a handler that returns the schema's output, as it is, in a ResponseEntity or a promise", () => {
    api.get('/a').returns(book).handle(() => ({ isbn: '1', pages: 2 }));
    api.get('/b').returns(book).handle(async () => ResponseEntity.ok({ isbn: '1', pages: 2 }));
    api.post('/c').returns(book).handle(() => ResponseEntity.noContent());
    api.get('/d/{id}').query('q').returns(book).handle((ctx) => {
      expectTypeOf(ctx.path).toEqualTypeOf<{ readonly id: string }>();
      expectTypeOf(ctx.query.q).toEqualTypeOf<string>();
      return { isbn: ctx.path.id, pages: 1 };
    });
  });

  it('refuses a handler whose answer the schema does not describe', () => {
    // @ts-expect-error: pages must be a number
    api.get('/e').returns(book).handle(() => ({ isbn: '1', pages: 'many' }));
    // @ts-expect-error: isbn is missing
    api.get('/f').returns(book).handle(async () => ({ pages: 2 }));
    // @ts-expect-error: a ResponseEntity of another type
    api.get('/g').returns(book).handle(() => ResponseEntity.ok('text'));
  });

  it('keeps the bindings declared after .returns()', () => {
    api.get('/h').returns(book).query('n', { type: 'integer' }).handle((ctx) => {
      expectTypeOf(ctx.query.n).toEqualTypeOf<number>();
      return { isbn: String(ctx.query.n), pages: ctx.query.n };
    });
  });

  it('types map() handlers by their returns schema', () => {
    expectTypeOf<ReturnOf<{ returns: typeof book }>>().toEqualTypeOf<Book>();
    expectTypeOf<ReturnOf<{ path: '/x' }>>().toEqualTypeOf<unknown>();
    api.map({ path: '/i', method: 'GET', returns: book }, () => ({ isbn: '1', pages: 1 }));
    // @ts-expect-error: the answer is not a Book
    api.map({ path: '/j', method: 'GET', returns: book }, () => ({ isbn: 1 }));
    api.map({ path: '/k', method: 'GET' }, () => 'anything');
  });

  it('leaves handlers without .returns() free to answer anything', () => {
    api.get('/l').handle(() => 'text');
    expectTypeOf<ReturningHandler<{}, unknown>>().returns.toEqualTypeOf<unknown>();
  });
});
