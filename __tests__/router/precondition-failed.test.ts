import request from 'supertest';
import { z } from 'zod';
import { HttpError, PreconditionFailed, ProblemType } from '../../src';
import { expectProblem, serve } from '../setup/app-fixture';

/**
 * A store's compare-and-set, as a database does it (`UPDATE ... WHERE version = $expected`): the
 * check and the write are one step, taken after an await, so racing writers interleave up to it.
 */
class BookStore {
  #book = { title: 'Dune', version: 1 };
  writes = 0;

  async read(): Promise<{ title: string; version: number }> {
    await new Promise((resolve) => setImmediate(resolve));
    return { ...this.#book };
  }

  async replace(title: string, expected: number): Promise<number> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.#book.version !== expected) throw new PreconditionFailed(`The book is at version ${this.#book.version}, not ${expected}; nothing was changed`);
    this.writes += 1;
    this.#book = { title, version: this.#book.version + 1 };
    return this.#book.version;
  }
}

describe('PreconditionFailed', () => {
  it('is a 412 HttpError of the precondition-failed problem type, saying nothing was changed', () => {
    const error = new PreconditionFailed();
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 412, type: ProblemType.preconditionFailed, title: 'Precondition Failed' });
    expect(error.detail).toContain('nothing was changed');
    expect(new PreconditionFailed('x', { type: 'https://example.org/stale' }).type).toBe('https://example.org/stale');
  });

  describe('thrown by a handler or by the store it awaits', () => {
    const store = new BookStore();
    const app = serve((api) => {
      api.delete('/locked').handle(() => {
        throw new PreconditionFailed();
      });
      api
        .put('/book')
        .body(z.object({ title: z.string(), version: z.number().int() }))
        .handle(async (ctx) => {
          await store.replace(ctx.body.title, ctx.body.version);
          return undefined;
        });
      api.get('/book').handle(() => store.read());
    });

    it('answers 412 with the precondition-failed problem document (RFC 9110 section 13.1, RFC 9457)', async () => {
      const res = await request(app).delete('/locked');
      expect(expectProblem(res, 412)).toEqual({
        type: ProblemType.preconditionFailed,
        title: 'Precondition Failed',
        status: 412,
        detail: 'A precondition of the request does not hold; nothing was changed',
        instance: '/locked',
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers 412 to every writer but one when 50 race with the same expected version, and keeps the winner', async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => request(app).put('/book').send({ title: `Writer ${i}`, version: 1 })),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 204)).toHaveLength(1);
      expect(statuses.filter((status) => status === 412)).toHaveLength(49);
      for (const res of answers.filter((r) => r.status === 412)) expect(expectProblem(res, 412)).toMatchObject({ type: ProblemType.preconditionFailed, detail: 'The book is at version 2, not 1; nothing was changed' });
      const winner = answers.findIndex((res) => res.status === 204);
      expect((await request(app).get('/book')).body).toEqual({ title: `Writer ${winner}`, version: 2 });
      expect(store.writes).toBe(1);
    });
  });
});
