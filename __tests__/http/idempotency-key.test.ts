import { parseIdempotencyKey } from '../../src/http/idempotency-key';

describe('parseIdempotencyKey(value, maxLength)', () => {
  it.each([
    [undefined, { kind: 'absent' }],
    [[], { kind: 'absent' }],
    ['"8e03978e-40d5-43e8-bc93-6894a57f9324"', { kind: 'key', key: '8e03978e-40d5-43e8-bc93-6894a57f9324' }],
    [['"one"'], { kind: 'key', key: 'one' }],
    ['  "padded"  ', { kind: 'key', key: 'padded' }],
    ['"with space and \\"quotes\\" and \\\\"', { kind: 'key', key: 'with space and "quotes" and \\' }],
  ] as const)('reads %j as %j', (value, field) => {
    expect(parseIdempotencyKey(value as string | string[] | undefined)).toEqual(field);
  });

  it.each([
    ['8e03978e', 'in double quotes'],
    ['""', 'empty'],
    ['"open', 'no closing double quote'],
    ['"a";p=1', 'nothing after it'],
    ['"a", "b"', 'nothing after it'],
    ['"a\\nb"', 'escapes only'],
    ['"caf\u00e9"', 'printable ASCII'],
    ['"tab\there"', 'printable ASCII'],
    [['"a"', '"b"'], 'several Idempotency-Key fields'],
  ] as const)('refuses %j: %s', (value, reason) => {
    const field = parseIdempotencyKey(value as string | string[]);
    expect(field.kind).toBe('invalid');
    expect(field.kind === 'invalid' && field.reason).toContain(reason);
  });

  it('refuses a key longer than maxLength', () => {
    expect(parseIdempotencyKey(`"${'k'.repeat(8)}"`, 8)).toEqual({ kind: 'key', key: 'kkkkkkkk' });
    expect(parseIdempotencyKey(`"${'k'.repeat(9)}"`, 8)).toMatchObject({ kind: 'invalid', reason: 'Idempotency-Key has more than 8 characters' });
  });
});
