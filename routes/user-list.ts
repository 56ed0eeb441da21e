import encodeUrl from 'encodeurl';
import { ResponseEntity, type Router } from '../src';
import { ROLES } from './model/user';
import { commit, validatorsOf, expectationOf } from './http/conditional-write';
import { STRUCTURED, listBody, viewsOf } from './http/representations';
import { EVERY_USER_KEY, USERS_KEY } from './http/surrogate-keys';
import type { ServiceStore } from './store/store';

/** The value of `X-Confirm` that DELETE /user/all requires. */
export const CONFIRM_DELETE_ALL = 'delete-all-users';

/**
 * /user/all: GET a page of users (`page` from 1, `size` 1 to 1000, the `role` matrix variable to
 * filter, `Link` to the next and previous pages), and DELETE every user behind `X-Confirm`.
 */
export function userListRoutes(api: Router, store: ServiceStore): void {
  const { users, avatars } = store;

  api
    .get('/user/all')
    .produces(...STRUCTURED)
    .xmlRoot('users')
    .cache({ noCache: true })
    .surrogateKeys(USERS_KEY)
    .query('page', { type: 'integer', defaultValue: '1', min: 1 })
    .query('size', { type: 'integer', defaultValue: '20', min: 1, max: 1000 })
    // An unknown role is a 400 of the binding, before the hook: never a 304.
    .matrix('role', { array: true, required: false, values: ROLES })
    .etag(async () => validatorsOf(await users.state()))
    .handle(async (ctx) => {
      const { page, size } = ctx.query;
      const roles = ctx.matrix.role === undefined ? undefined : new Set(ctx.matrix.role);
      // The store keeps the users in order: a page costs its size, nothing is sorted per request.
      const { users: slice, total } = await users.list({ roles, offset: (page - 1) * size, limit: size });
      const links: string[] = [];
      // The path as received may hold what no URI may (`<`, `>`, `"`): encoded as Express encodes Location.
      const path = encodeUrl(ctx.req.path);
      const pageUrl = (n: number) => `<${path}?page=${n}&size=${size}>`;
      if (page * size < total) links.push(`${pageUrl(page + 1)}; rel="next"`);
      if (page > 1) links.push(`${pageUrl(Math.min(page - 1, Math.max(1, Math.ceil(total / size))))}; rel="prev"`);
      // The 200 carries the validators the hook read (ctx.validators): never newer than what is written.
      let response = ResponseEntity.ok(listBody(await viewsOf(slice, avatars), ctx.mediaType));
      if (links.length > 0) response = response.header('Link', links.join(', '));
      return response;
    });

  api
    .delete('/user/all')
    .surrogateKeys(USERS_KEY, EVERY_USER_KEY)
    // Any other value is a 400 of the binding, and the API description gives the one value.
    .header('X-Confirm', { values: [CONFIRM_DELETE_ALL] })
    .etag(async () => validatorsOf(await users.state()))
    .handle(async (ctx) => {
      const expected = expectationOf(ctx.validators);
      await commit(users.deleteAll(expected !== undefined && 'version' in expected ? expected : undefined));
      return ResponseEntity.noContent();
    });
}
