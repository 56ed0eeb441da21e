import { MemoryIdempotencyStore, createRouter } from '../../src';
import { openApiErrors } from '../setup/validate-openapi';

describe('router.openapi() for an idempotent route', () => {
  const api = createRouter();
  api.post('/orders').body(Object).idempotent({ store: new MemoryIdempotencyStore() }).handle(() => 'ok');
  api.post('/notes').body(Object).handle(() => 'ok');
  const document = api.openapi({ info: { title: 'Orders', version: '1' } });

  it('describes the optional Idempotency-Key field, and the 409 and 422 problems, on the routes that take it only', async () => {
    const orders = document.paths['/orders']!.post!;
    expect(orders.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(orders.responses['409']).toEqual({ $ref: '#/components/responses/IdempotencyKeyInUse' });
    expect(orders.responses['422']).toEqual({ $ref: '#/components/responses/IdempotencyKeyReused' });
    const notes = document.paths['/notes']!.post!;
    expect(notes.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: 'Idempotency-Key' }));
    expect(notes.responses['409']).toBeUndefined();
    expect(await openApiErrors(document)).toEqual([]);
  });

  it('gives a pattern that takes a Structured Field String and refuses a bare token', () => {
    const parameter = document.paths['/orders']!.post!.parameters!.find((p) => 'name' in p && p.name === 'Idempotency-Key') as unknown as { schema: { pattern: string } };
    const pattern = new RegExp(parameter.schema.pattern);
    expect(['"8e03978e-40d5"', '"a \\"b\\" \\\\"'].map((value) => pattern.test(value))).toEqual([true, true]);
    expect(['8e03978e', '""', '"a\\nb"'].map((value) => pattern.test(value))).toEqual([false, false, false]);
  });
});
