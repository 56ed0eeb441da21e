import { once } from 'node:events';
import type { Server } from 'node:http';
import request from 'supertest';
import { TaskList, createApp } from '../src/app';

// The whole app, shared cache included, on one listening server: the cache keys by Host, port
// included, and request(app) would start a server on a new port for every request.
describe('the app', () => {
  let server: Server;
  const tasks = new TaskList();

  beforeAll(async () => {
    server = createApp(tasks).listen(0, '127.0.0.1');
    await once(server, 'listening');
  });
  afterAll(() => server.close());

  it('answers the task list from the shared cache the second time', async () => {
    const first = await request(server).get('/api/tasks');
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await request(server).get('/api/tasks');
    expect(second.headers['x-cache']).toBe('HIT');
  });

  it('drops the stored list when a task is added to it', async () => {
    await request(server).get('/api/tasks');
    await request(server).post('/api/tasks').send({ title: 'Ship it' });
    // A POST invalidates its own URI (RFC 9111 section 4.4): /api/tasks, which the GET then misses.
    const list = await request(server).get('/api/tasks');
    expect(list.headers['x-cache']).toBe('MISS');
    expect(list.body).toEqual([{ id: 1, title: 'Ship it', done: false }]);
  });
});
