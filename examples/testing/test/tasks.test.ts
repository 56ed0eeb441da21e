import request from 'supertest';
import { appWith, expectProblem } from 'express-represent/testing';
import { TaskList, taskRoutes } from '../src/app';

// appWith mounts just the routes under test, as the app does (at /api), on a list of the test's own.
function tasksApp(tasks = new TaskList()) {
  return appWith((api) => taskRoutes(api, tasks), { mountPath: '/api' });
}

describe('POST /api/tasks', () => {
  it('answers 201 with a Location that the GET answers', async () => {
    const app = tasksApp();
    const created = await request(app).post('/api/tasks').send({ title: 'Write the tests' });
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe('/api/tasks/1');
    const task = await request(app).get(created.headers['location']!);
    expect(task.body).toEqual({ id: 1, title: 'Write the tests', done: false });
  });

  it('answers 400 with a problem document naming the invalid field', async () => {
    // expectProblem checks the status, the problem+json type and the members of RFC 9457, and
    // answers the document for the checks of this test.
    const problem = expectProblem(await request(tasksApp()).post('/api/tasks').send({ title: '   ' }), 400);
    expect(problem['errors']).toEqual([{ pointer: '/title', detail: 'a task needs a title' }]);
  });

  it('answers 415 with a problem document for a body that is not JSON', async () => {
    expectProblem(await request(tasksApp()).post('/api/tasks').set('Content-Type', 'text/plain').send('Write the tests'), 415);
  });
});

describe('GET /api/tasks/{id}', () => {
  it('answers 404 with a problem document for a task that is not there', async () => {
    const problem = expectProblem(await request(tasksApp()).get('/api/tasks/7'), 404);
    expect(problem.detail).toBe('There is no task 7');
  });

  it('answers 405 with Allow for a method the resource does not take', async () => {
    const res = await request(tasksApp()).delete('/api/tasks/1');
    expectProblem(res, 405);
    expect(res.headers['allow']).toBe('GET, HEAD, OPTIONS');
  });

  it('answers 406 to a client that does not take JSON', async () => {
    expectProblem(await request(tasksApp()).get('/api/tasks').set('Accept', 'text/csv'), 406);
  });

  it('writes the problem in XML to a client that takes only XML', async () => {
    const res = await request(tasksApp()).get('/api/tasks').set('Accept', 'application/xml');
    expect(res.status).toBe(406);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
  });
});

describe('GET /api/tasks', () => {
  it('lists the tasks of the list it was given, fresh for 5 seconds', async () => {
    const tasks = new TaskList();
    tasks.add({ title: 'Read the guide', done: true });
    const res = await request(tasksApp(tasks)).get('/api/tasks');
    expect(res.body).toEqual([{ id: 1, title: 'Read the guide', done: true }]);
    expect(res.headers['cache-control']).toBe('max-age=5');
  });
});
