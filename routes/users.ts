import { Form, ResponseEntity, type Router } from '../src';
import { userInputSchema } from './model/user';
import { validatorsOf } from './http/conditional-write';
import { READABLE, STRUCTURED, listBody, viewOf, viewsOf } from './http/representations';
import { validate } from './http/validation';
import type { ServiceStore } from './store/store';

/**
 * POST /users (JSON, XML or a form: 201 with Location, a new user on every retry) and
 * GET /users/search?name=... (a case-insensitive substring of the name; `no-cache`, answered
 * from the collection's version when unchanged).
 */
export function usersRoutes(api: Router, store: ServiceStore): void {
  const { users, avatars } = store;

  const create = async (fields: { name: string; email: string; role: 'admin' | 'editor' | 'viewer' }) => {
    const entry = await users.create(fields);
    const location = `/users/${entry.value.id}`;
    return ResponseEntity.created(location, await viewOf(entry, avatars)).withValidators(validatorsOf(entry));
  };

  api
    .post('/users')
    .consumes(...READABLE)
    .produces(...STRUCTURED)
    .xmlRoot('user')
    .body(userInputSchema)
    .handle(async (ctx) => {
      const { id: _ignored, ...fields } = ctx.body;
      return create(fields);
    });

  api
    .post('/users')
    .consumes('application/x-www-form-urlencoded')
    .produces(...STRUCTURED)
    .xmlRoot('user')
    .body(Form)
    .handle(async (ctx) => {
      const fields = { name: Form.first(ctx.body, 'name'), email: Form.first(ctx.body, 'email'), role: Form.first(ctx.body, 'role') };
      const { id: _ignored, ...user } = await validate(userInputSchema, fields, 400, 'The form');
      return create(user);
    });

  api
    .get('/users/search')
    .produces(...STRUCTURED)
    .xmlRoot('users')
    .cache({ noCache: true })
    .query('name')
    .etag(async () => validatorsOf(await users.state()))
    .handle(async (ctx) => {
      const needle = ctx.query.name.toLocaleLowerCase();
      const { state, users: all } = await users.list();
      const found = all.filter((entry) => entry.value.name.toLocaleLowerCase().includes(needle));
      return ResponseEntity.ok(listBody(await viewsOf(found, avatars), ctx.mediaType)).withValidators(validatorsOf(state));
    });
}
