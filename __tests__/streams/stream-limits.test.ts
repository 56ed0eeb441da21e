import { DEFAULT_EVENT_STREAM_LIMITS, type OpenCounts, type StreamRefusal, settleStreamLimits, streamRefusal } from '../../src/streams/stream-limits';

describe('streamRefusal(open, limits, closing)', () => {
  const limits = { maxStreams: 10, maxStreamsPerRoute: 5, maxStreamsPerClient: 2 };
  it.each<[string, OpenCounts, boolean, StreamRefusal | undefined]>([
    ['admits a stream under every cap', { total: 9, route: 4, client: 1 }, false, undefined],
    ['refuses at the router\'s cap', { total: 10, route: 0, client: 0 }, false, 'total'],
    ['refuses at the route\'s cap', { total: 5, route: 5, client: 0 }, false, 'route'],
    ['refuses at the client\'s cap', { total: 2, route: 2, client: 2 }, false, 'client'],
    ['counts no client when the request names none', { total: 2, route: 2, client: undefined }, false, undefined],
    ['names the router\'s cap first when several are reached', { total: 10, route: 5, client: 2 }, false, 'total'],
    ['refuses every stream while closing', { total: 0, route: 0, client: 0 }, true, 'closing'],
  ])('%s', (_, open, closing, expected) => {
    expect(streamRefusal(open, limits, closing)).toBe(expected);
  });
});

describe('settleStreamLimits(options)', () => {
  it('takes the defaults for what is not given, undefined included', () => {
    expect(settleStreamLimits({ maxStreams: 3, maxLifetime: undefined })).toEqual({ ...DEFAULT_EVENT_STREAM_LIMITS, maxStreams: 3 });
  });

  it('takes Infinity for no cap and no lifetime', () => {
    expect(settleStreamLimits({ maxStreamsPerClient: Infinity, maxLifetime: Infinity })).toMatchObject({ maxStreamsPerClient: Infinity, maxLifetime: Infinity });
  });
});
