import express from 'express';

/**
 * Routes of users tagged with surrogate keys, on `app` behind a cache: `GET /users` (`users`),
 * `GET /users/{id}.xml` (`Cache-Tag: user:{id}`) and `GET /users/{id}` (`user:{id}`), fresh for
 * ten minutes; `PUT /users/{id}` (answered with `users user:{id}`, or 400 for an empty name), and
 * `POST /rename` (renames user 7, answered with `user:7` only). `names` is their database, shared
 * by the instances of one test; `calls` counts the reads the handlers answer.
 */
export function taggedUserRoutes(app: express.Express, names: Map<string, string>, calls: { count: number }): void {
  app.get('/users', (_req, res) => {
    calls.count++;
    res.set({ 'Cache-Control': 'max-age=600', 'Surrogate-Key': 'users' }).json([...names.values()]);
  });
  app.get('/users/:id.xml', (req, res) => {
    calls.count++;
    res.set({ 'Cache-Control': 'max-age=600', 'Cache-Tag': `user:${req.params.id}` }).type('application/xml').send(`<user>${names.get(req.params.id)}</user>`);
  });
  app.get('/users/:id', (req, res) => {
    calls.count++;
    res.set({ 'Cache-Control': 'max-age=600', 'Surrogate-Key': `user:${req.params.id}` }).json({ name: names.get(req.params.id) });
  });
  app.put('/users/:id', express.text(), (req, res) => {
    const ok = req.body !== '';
    if (ok) names.set(req.params.id, req.body as string);
    res.set('Surrogate-Key', `users user:${req.params.id}`).status(ok ? 204 : 400).end();
  });
  app.post('/rename', express.text(), (req, res) => {
    names.set('7', req.body as string);
    // A write whose answer names no URI it changed but /rename: only its keys say what.
    res.set('Surrogate-Key', 'user:7').status(204).end();
  });
}

/** The users of {@link taggedUserRoutes} before a test changes them. */
export const seededNames = (): Map<string, string> =>
  new Map([
    ['7', 'Ada'],
    ['8', 'Alan'],
  ]);
