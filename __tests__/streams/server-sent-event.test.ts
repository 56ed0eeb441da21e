import { formatRecordLine } from '../../src/streams/record-lines';
import { formatServerSentEvent } from '../../src/streams/server-sent-event';
import { recordStreamOffers } from '../../src/streams/stream-offers';
import { compileMapping } from '../../src/routing/request-mapping';

describe('formatServerSentEvent (WHATWG HTML section 9.2.5)', () => {
  it.each([
    ['data alone', { data: 'hello' }, 'data: hello\n\n'],
    ['every field, in the order event, id, retry, data', { data: 'x', event: 'user', id: 7, retry: 3000 }, 'event: user\nid: 7\nretry: 3000\ndata: x\n\n'],
    ['data with LF, CRLF and CR: one data line each', { data: 'a\nb\r\nc\rd' }, 'data: a\ndata: b\ndata: c\ndata: d\n\n'],
    ['a trailing line break: an empty data line', { data: 'a\n' }, 'data: a\ndata: \n\n'],
    ['an empty string: one empty data line', { data: '' }, 'data: \n\n'],
    ['an object as JSON', { data: { name: 'Ada', note: 'x\ny' } }, 'data: {"name":"Ada","note":"x\\ny"}\n\n'],
    ['an id alone (sets the client\'s last event id, dispatches nothing)', { id: 'v2' }, 'id: v2\n\n'],
  ])('writes %s', (_case, event, expected) => {
    expect(formatServerSentEvent(event)).toBe(expected);
  });

  it.each([
    ['a line break in the event type', { event: 'a\nb', data: 'x' }],
    ['a line break in the id', { id: '1\r2', data: 'x' }],
    ['a NUL in the id', { id: '1\u00002', data: 'x' }],
    ['a negative retry', { retry: -1 }],
    ['a fractional retry', { retry: 1.5 }],
    ['data JSON cannot write', { data: () => 1 }],
    ['a value that is not an event', 'text'],
  ])('refuses %s with a TypeError', (_case, event) => {
    expect(() => formatServerSentEvent(event as never)).toThrow(TypeError);
  });
});

describe('formatRecordLine (NDJSON, JSON Lines)', () => {
  it.each([
    [{ a: 1 }, '{"a":1}\n'],
    ['line\nbreak', '"line\\nbreak"\n'],
    [null, 'null\n'],
    [[1, 2], '[1,2]\n'],
  ])('writes %j as one line', (value, expected) => {
    expect(formatRecordLine(value)).toBe(expected);
  });

  it('refuses undefined with a TypeError', () => {
    expect(() => formatRecordLine(undefined)).toThrow(TypeError);
  });
});

describe('recordStreamOffers', () => {
  const offers = (...produces: string[]) => recordStreamOffers(compileMapping({ produces }, 'GET /events').produces).map((type) => `${type.type}/${type.subtype}`);
  it.each([
    [[], ['application/x-ndjson', 'application/jsonl']],
    [['text/event-stream'], ['text/event-stream']],
    [['application/jsonl', 'text/event-stream'], ['application/jsonl', 'text/event-stream']],
    [['application/*'], ['application/x-ndjson', 'application/jsonl']],
    [['*/*', '!application/jsonl'], ['application/x-ndjson', 'text/event-stream']],
    [['application/json'], []],
  ])('produces %j offers %j', (produces, expected) => {
    expect(offers(...produces)).toEqual(expected);
  });
});
