import request from 'supertest';
import { MAX_PATCH_OPERATIONS } from '../../routes/patch/json-patch';
import { AS_ADMIN, expectProblem, service } from '../setup/service-fixture';

/** The largest bookcase the schema allows, 10,000 books, in a little under the 1 MB body limit. */
const BOOKS = Array.from({ length: 10_000 }, (_, i) => ({
  isbn: String(9780000000000 + i),
  title: `The title of book ${i}`,
  author: `An author ${i}`,
  year: 1900 + (i % 100),
}));

/** Moves that scatter the books: each takes one from the middle and puts it at the front. */
const MOVES = Array.from({ length: 1_000 }, (_, i) => ({ op: 'move', from: `/books/${(i * 7919) % 10_000}`, path: '/books/0' }));

/** What {@link MOVES} make of {@link BOOKS}, the obvious way. */
function moved(): string[] {
  const isbns = BOOKS.map((book) => book.isbn);
  for (const move of MOVES) isbns.unshift(...isbns.splice(Number(move.from.slice('/books/'.length)), 1));
  return isbns;
}

describe('PATCH /bookcase with a JSON Patch of many operations (issue 17)', () => {
  const { app } = service();
  const jsonPatch = (patch: unknown) => request(app).patch('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/json-patch+json').send(JSON.stringify(patch));
  const stored = async () => (await request(app).get('/bookcase')).headers.etag;

  beforeAll(async () => {
    const body = JSON.stringify({ name: 'Archive', books: BOOKS });
    expect(body.length).toBeGreaterThan(900_000);
    expect((await request(app).put('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/json').send(body)).status).toBe(204);
  });

  it('answers 200 with the moved books to 1,000 moves in a bookcase of 10,000', async () => {
    const res = await jsonPatch(MOVES);
    expect(res.status).toBe(200);
    expect(res.body.books.map((book: { isbn: string }) => book.isbn)).toEqual(moved());
    expect((await request(app).get('/bookcase')).body.books[0]).toEqual(res.body.books[0]);
  });

  it(`answers 422 to a patch of more than ${MAX_PATCH_OPERATIONS.toLocaleString('en')} operations, and changes nothing`, async () => {
    const before = await stored();
    const tooMany = Array.from({ length: MAX_PATCH_OPERATIONS + 1 }, () => ({ op: 'replace', path: '/name', value: 'Renamed' }));
    const problem = expectProblem(await jsonPatch(tooMany), 422);
    expect(problem).toMatchObject({ type: 'urn:represent:example:too-many-patch-operations', maxOperations: MAX_PATCH_OPERATIONS });
    expect(problem.detail).toBe(`The patch cannot be applied: The patch holds ${MAX_PATCH_OPERATIONS + 1} operations; at most ${MAX_PATCH_OPERATIONS} are applied in one request`);
    expect(await stored()).toBe(before);
    expect((await jsonPatch(tooMany.slice(1))).status).toBe(200);
  });

  it('answers 409 naming the operation when one in the middle fails, and changes nothing', async () => {
    const before = await stored();
    const failing = [...MOVES.slice(0, 500), { op: 'test', path: '/books/0/year', value: 3000 }, ...MOVES.slice(500)];
    const problem = expectProblem(await jsonPatch(failing), 409);
    expect(problem.operation).toBe(500);
    expect(await stored()).toBe(before);
  });
});
