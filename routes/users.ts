import { type IdempotencyStore, ResponseEntity, type Router } from '../src';
import type { Account } from './auth/accounts';
import { userInputSchema } from './model/user';
import { commit, validatorsOf } from './http/conditional-write';
import { READABLE, STRUCTURED, listBody, viewOf, viewsOf } from './http/representations';
import { USERS_KEY } from './http/surrogate-keys';
import type { ServiceStore } from './store/store';

/**
 * POST /users (JSON, XML or a form: 201 with Location, a new user on every request without an
 * `Idempotency-Key`; with one, a retry is replayed the first 201, 409 while it is processed, 422
 * with other content, the key the writing account's; 507 once the store holds as many users as it may) and
 * GET /users/search?name=... (a case-insensitive substring of the name; `no-cache`, answered
 * from the collection's version when unchanged).
 */
export function usersRoutes(api: Router, store: ServiceStore, idempotencyStore: IdempotencyStore): void {
  const { users, avatars } = store;

  // A form is read into the same schema as JSON and XML: the route opts in by naming the form type.
  api
    .post('/users')
    .summary('Create a user')
    .responds(507, 'The store holds as many users as it may: delete users to make room.')
    .consumes(...READABLE, 'application/x-www-form-urlencoded')
    .produces(...STRUCTURED)
    .xmlRoot('user')
    .body(userInputSchema)
    .surrogateKeys(USERS_KEY)
    // The key is the account's that writes (writeAccess's preHandler ran before the key is claimed).
    .idempotent({ store: idempotencyStore, client: (ctx) => (ctx.state as { account?: Account }).account?.name ?? '' })
    .handle(async (ctx) => {
      const { id: _ignored, ...fields } = ctx.body;
      const entry = await commit(users.create(fields));
      return ResponseEntity.created(`/users/${entry.value.id}`, await viewOf(entry, avatars)).withValidators(validatorsOf(entry));
    });

  api
    .get('/users/search')
    .produces(...STRUCTURED)
    .xmlRoot('users')
    .cache({ noCache: true })
    .surrogateKeys(USERS_KEY)
    .query('name')
    .etag(async () => validatorsOf(await users.state()))
    .handle(async (ctx) => {
      const needle = ctx.query.name.toLocaleLowerCase();
      // Read in id order as the store keeps them: a search filters, it never sorts.
      const { users: all } = await users.list();
      const found = all.filter((entry) => entry.value.name.toLocaleLowerCase().includes(needle));
      // The 200 carries the validators the hook read: never newer than what is written.
      return listBody(await viewsOf(found, avatars), ctx.mediaType);
    });
}
