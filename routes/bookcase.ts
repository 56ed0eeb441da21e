import { type Router, ResponseEntity, validateWithSchema } from '../src';
import { type Bookcase, bookcaseSchema, patchedBookcaseSchema, summaryOf } from './model/bookcase';
import { commit, expectRead, expectationOf, validatorsOf } from './http/conditional-write';
import { PATCH_TYPES, applyPatchDocument } from './http/patch-document';
import { READABLE, STRUCTURED } from './http/representations';
import type { BookcaseStore } from './store/store';

/** The surrogate key of every representation of the bookcase: a write purges them all, whatever their URI (`?view=summary`). */
export const BOOKCASE_KEY = 'bookcase';

/**
 * /bookcase, the single stored item: GET (whole, or `?view=summary`) fresh for a minute, PUT to
 * replace it, PATCH with a merge patch or a JSON Patch. Conditional requests are answered from
 * the stored version by the `.etag()` hooks, before any body is read or written.
 */
export function bookcaseRoutes(api: Router, store: BookcaseStore): void {
  const current = async () => validatorsOf(await store.read());

  api
    .get('/bookcase')
    .produces(...STRUCTURED)
    .cache({ maxAge: 60 })
    .surrogateKeys(BOOKCASE_KEY)
    .etag(current)
    // The 200 carries the validators the hook read: never newer than what is written.
    .handle(async () => (await store.read()).value);

  api
    .get('/bookcase')
    .params('view=summary')
    .produces(...STRUCTURED)
    .cache({ maxAge: 60 })
    .surrogateKeys(BOOKCASE_KEY)
    .etag(current)
    .handle(async () => summaryOf((await store.read()).value));

  api
    .put('/bookcase')
    .consumes(...READABLE)
    .body(bookcaseSchema)
    .surrogateKeys(BOOKCASE_KEY)
    .etag(async () => validatorsOf(await store.read()))
    .handle(async (ctx) => {
      await commit(store.replace(ctx.body, expectationOf(ctx.validators)));
      return ResponseEntity.noContent();
    });

  for (const type of PATCH_TYPES) {
    api
      .patch('/bookcase')
      .summary('Patch the bookcase')
      .responds(409, 'The JSON Patch does not apply to the current state (a failing `test`, a path that does not exist).')
      .consumes(type)
      .produces(...STRUCTURED)
      .body(Object)
      .surrogateKeys(BOOKCASE_KEY)
      .etag(async () => validatorsOf(await store.read()))
      .handle(async (ctx) => {
        const entry = await store.read();
        const patched = applyPatchDocument(type, entry.value, ctx.body);
        const bookcase = await validateWithSchema(patchedBookcaseSchema, patched, { status: 422, subject: 'The patched bookcase' });
        const stored = await commit(store.replace(bookcase, expectRead(ctx.validators, entry)));
        return ResponseEntity.ok<Bookcase>(stored.value).withValidators(validatorsOf(stored));
      });
  }
}
