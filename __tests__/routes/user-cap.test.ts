import request from 'supertest';
import { createApp } from '../../routes/app';
import { createMemoryStore } from '../../routes/store/memory-store';
import { MAX_USERS } from '../../routes/store/store';
import { AS_ADMIN, expectProblem } from '../setup/service-fixture';

const USER = { name: 'Ada Lovelace', email: 'lovelace@example.org', role: 'admin' as const };

describe('the service: at most maxUsers users', () => {
  // The nine seeded users and two more.
  const full = async () => {
    const store = createMemoryStore({ maxUsers: 11 });
    const { app } = createApp({ store, cache: false });
    for (let i = 0; i < 2; i++) expect((await request(app).post('/users').set(AS_ADMIN).send(USER)).status).toBe(201);
    return { app, store };
  };

  it('answers 507 with a problem document to a POST past the limit, and stores nothing', async () => {
    const { app, store } = await full();
    const before = await store.users.state();
    const body = expectProblem(await request(app).post('/users').set(AS_ADMIN).send(USER), 507);
    expect(body).toMatchObject({ title: 'Insufficient Storage', detail: 'The service holds at most 11 users; delete users to make room', maxUsers: 11 });
    expect(await store.users.state()).toEqual(before);
    expect((await store.users.list()).total).toBe(11);
  });

  it('answers 507 to a PUT that would create a user, and replaces an existing one', async () => {
    const { app } = await full();
    expectProblem(await request(app).put('/users/new-one').set(AS_ADMIN).send(USER), 507);
    expect((await request(app).put('/users/1').set(AS_ADMIN).send(USER)).status).toBe(204);
  });

  it('creates again once a user is deleted', async () => {
    const { app } = await full();
    expect((await request(app).delete('/users/2').set(AS_ADMIN)).status).toBe(204);
    expect((await request(app).post('/users').set(AS_ADMIN).send(USER)).status).toBe(201);
    expectProblem(await request(app).post('/users').set(AS_ADMIN).send(USER), 507);
  });

  it('holds 10,000 users by default', async () => {
    const store = createMemoryStore({ users: [] });
    for (let i = 0; i < MAX_USERS; i++) await store.users.create(USER);
    const { app } = createApp({ store, cache: false });
    expectProblem(await request(app).post('/users').set(AS_ADMIN).send(USER), 507);
    expect(MAX_USERS).toBe(10_000);
  });
});
