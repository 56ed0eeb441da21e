import type http from 'node:http';
import { EventLog, type ResumableEvent, type ResumableSource, eventStream, resumeEvents } from '../../src';
import { underBothMounts } from '../setup/both-mounts';
import { rawGet, serving, waitFor } from '../setup/stream-fixture';

describe('EventLog', () => {
  const log = new EventLog({ keep: 3 });
  for (const id of [2, 4, 6, 8, 10]) log.append(id, { event: 'change', data: { n: id } });

  // Kept: 6, 8, 10; 4 was dropped last.
  it.each([
    [10, []],
    [8, [10]],
    [7, [8, 10]],
    [6, [8, 10]],
    [5, [6, 8, 10]],
    [4, [6, 8, 10]],
    [3, undefined],
    [0, undefined],
    [11, undefined],
  ] as const)('since(%d) answers %j (undefined: reset)', (after, ids) => {
    expect(log.since(after)?.map((event) => event.id)).toEqual(ids);
  });

  it('formats each event once, with its id, and refuses an id that does not increase', () => {
    expect(log.since(9)![0]!.event).toMatchObject({ text: 'event: change\nid: 10\ndata: {"n":10}\n\n' });
    expect(() => log.append(10, { data: 'again' })).toThrow(RangeError);
    expect(log.latest()).toBe(10);
  });

  it('starts part-way with startAfter, and forgets what it lost, telling its subscribers', () => {
    const partial = new EventLog({ startAfter: 40 });
    expect([partial.since(39), partial.since(40)]).toEqual([undefined, []]);
    const told: string[] = [];
    partial.subscribe({ next: (event) => told.push(`next ${event.id}`), lost: () => told.push('lost') });
    partial.append(41, { data: 'a' });
    partial.lose(50);
    partial.append(51, { data: 'b' });
    expect(told).toEqual(['next 41', 'lost', 'next 51']);
    expect([partial.since(45), partial.since(50)?.map((event) => event.id)]).toEqual([undefined, [51]]);
  });
});

/**
 * resumeEvents(source, { after }) over HTTP: a route that binds Last-Event-ID and streams an
 * EventLog, read by a client that resumes, comes back too late, or from the future.
 */
underBothMounts('resumeEvents(source, options)', (mount) => {
  const serve = serving(mount);
  const streams: http.IncomingMessage[] = [];
  afterEach(() => {
    for (const res of streams.splice(0)) res.destroy();
  });

  async function served(source: ResumableSource): Promise<http.Server> {
    return serve((api) => {
      api
        .get('/changes')
        .produces('text/event-stream')
        .header('Last-Event-ID', { required: false, type: 'integer' })
        .handle((ctx) => eventStream(resumeEvents(source, { after: ctx.header['Last-Event-ID'], signal: ctx.signal, maxPending: 5 }), { keepAlive: 0 }));
    });
  }

  async function read(server: http.Server, lastEventId?: number): Promise<{ body: () => string; ended: () => boolean }> {
    const res = await rawGet(server, '/changes', { Accept: 'text/event-stream', ...(lastEventId !== undefined && { 'Last-Event-ID': String(lastEventId) }) });
    expect(res.statusCode).toBe(200);
    streams.push(res);
    let text = '';
    let ended = false;
    res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    res.on('end', () => (ended = true));
    return { body: () => text, ended: () => ended };
  }

  const ids = (text: string): number[] => [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));

  it('replays the events after Last-Event-ID, then follows, each once', async () => {
    const log = new EventLog({ keep: 10 });
    for (let id = 1; id <= 4; id++) log.append(id, { event: 'change', data: id });
    const stream = await read(await served(log), 2);
    await waitFor(() => ids(stream.body()).length === 2, stream.body);
    log.append(5, { event: 'change', data: 5 });
    await waitFor(() => ids(stream.body()).length === 3, stream.body);
    expect(ids(stream.body())).toEqual([3, 4, 5]);
  });

  it('starts from now without Last-Event-ID', async () => {
    const log = new EventLog();
    log.append(1, { data: 'before' });
    const server = await served(log);
    const stream = await read(server);
    // The stream is open once its head is in: the next event is the first it sends.
    log.append(2, { data: 'after' });
    await waitFor(() => stream.body().includes('after'), stream.body);
    expect(ids(stream.body())).toEqual([2]);
  });

  it.each([
    ['older than what is kept', 1],
    ['never given', 99],
  ])('sends a reset event with the latest id, then the new events, for an id %s', async (_case, lastEventId) => {
    const log = new EventLog({ keep: 2 });
    for (let id = 1; id <= 5; id++) log.append(id, { data: id });
    const stream = await read(await served(log), lastEventId);
    await waitFor(() => stream.body().includes('reset'), stream.body);
    log.append(6, { data: 6 });
    await waitFor(() => ids(stream.body()).length === 2, stream.body);
    expect(stream.body()).toBe('event: reset\nid: 5\ndata: {"reload":true,"latest":5}\n\nid: 6\ndata: 6\n\n');
  });

  it('ends the stream when its source lost events it owed, so that the client resumes (and is reset)', async () => {
    const log = new EventLog();
    const stream = await read(await served(log), 0);
    log.append(1, { data: 1 });
    await waitFor(() => ids(stream.body()).length === 1, stream.body);
    log.lose(10);
    await waitFor(stream.ended, stream.body);
  });

  it('ends the stream of a client more than maxPending events behind', async () => {
    // A source whose replay never settles: what is told meanwhile waits, unread.
    const log = new EventLog();
    let release!: (events: readonly ResumableEvent[]) => void;
    const held: ResumableSource = { latest: () => log.latest(), since: () => new Promise((resolve) => (release = resolve)), subscribe: (s) => log.subscribe(s) };
    const stream = await read(await served(held), 0);
    await waitFor(() => release !== undefined, () => 'since() never called');
    for (let id = 1; id <= 7; id++) log.append(id, { data: id });
    release([]);
    await waitFor(stream.ended, stream.body);
    expect(ids(stream.body())).toEqual([]);
  });
});
