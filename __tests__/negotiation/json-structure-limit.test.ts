import request from 'supertest';
import { ProblemType, createRouter } from '../../src';
import { DEFAULT_MAX_STRUCTURES } from '../../src/entries/converters';
import { type Mount, serverFor, underBothMounts } from '../setup/both-mounts';
import { expectProblem } from '../setup/negotiation-fixture';

/** A JSON array of `count` structures in all: itself and `count - 1` arrays nested one to five deep. */
function arrays(count: number): string {
  const items: string[] = [];
  for (let left = count - 1, depth = 1; left > 0; depth = (depth % 5) + 1) {
    const levels = Math.min(depth, left);
    items.push(`${'['.repeat(levels)}${']'.repeat(levels)}`);
    left -= levels;
  }
  return `[${items.join(',')}]`;
}

underBothMounts('the structures of a JSON body', (mount: Mount) => {
  const handler = jest.fn(() => 'ok');
  const routes = (options: { maxStructures?: number } = {}) => {
    const api = createRouter({ onError: () => undefined, ...options });
    api.post('/objects').body(Object).handle(handler);
    return serverFor(mount, api);
  };
  const app = routes();
  const few = routes({ maxStructures: 10 });

  beforeEach(() => handler.mockClear());

  it('accepts a body of exactly the default limit of objects and arrays', async () => {
    await request(app).post('/objects').set('Content-Type', 'application/json').send(arrays(DEFAULT_MAX_STRUCTURES)).expect(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('answers 413 naming the limit for one more, without parsing the body', async () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const res = await request(app).post('/objects').set('Content-Type', 'application/json').send(arrays(DEFAULT_MAX_STRUCTURES + 1));
      const problem = expectProblem(res, 413);
      expect(problem).toMatchObject({ type: ProblemType.bodyTooLarge, limit: DEFAULT_MAX_STRUCTURES, exceeded: 'structures' });
      expect(problem.detail).toContain(`more objects and arrays than the limit of ${DEFAULT_MAX_STRUCTURES}`);
      expect(parse.mock.calls.filter(([text]) => typeof text === 'string' && text.startsWith('[['))).toEqual([]);
      expect(handler).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('applies the router\'s maxStructures, counting objects as well as arrays and not brackets in strings', async () => {
    const body = JSON.stringify({ a: [{}, {}, [[]]], b: { c: '[{[{[{[{' }, d: [[], {}] });
    await request(few).post('/objects').set('Content-Type', 'application/json').send(body).expect(200);
    const res = await request(few).post('/objects').set('Content-Type', 'application/json').send(JSON.stringify([[], {}, [{}, [{}]], {}, [], [], {}]));
    expect(expectProblem(res, 413)).toMatchObject({ limit: 10, exceeded: 'structures' });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
