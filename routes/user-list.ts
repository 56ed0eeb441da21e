import encodeUrl from 'encodeurl';
import { BadRequest, ProblemType, ResponseEntity, type Router } from '../src';
import { ROLES, type Role } from './model/user';
import { commit, validatorsOf, expectationOf } from './http/conditional-write';
import { STRUCTURED, knownMatrixValues, listBody, viewsOf } from './http/representations';
import { EVERY_USER_KEY, USERS_KEY } from './http/surrogate-keys';
import type { ServiceStore } from './store/store';

/** The value of `X-Confirm` that DELETE /user/all requires. */
export const CONFIRM_DELETE_ALL = 'delete-all-users';

function rolesOf(values: readonly string[] | undefined): ReadonlySet<Role> | undefined {
  const roles = knownMatrixValues('role', 'role', values, ROLES);
  return roles === undefined ? undefined : new Set(roles);
}

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
    .matrix('role', { array: true, required: false })
    .etag(async (ctx) => {
      // A 304 must not answer a request whose answer would be a 400.
      rolesOf(ctx.matrix.role);
      return validatorsOf(await users.state());
    })
    .handle(async (ctx) => {
      const { page, size } = ctx.query;
      const roles = rolesOf(ctx.matrix.role);
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
    .header('X-Confirm')
    .etag(async () => validatorsOf(await users.state()))
    .handle(async (ctx) => {
      if (ctx.header['X-Confirm'] !== CONFIRM_DELETE_ALL) {
        throw new BadRequest(`Header 'X-Confirm' must be '${CONFIRM_DELETE_ALL}' to delete every user`, {
          type: ProblemType.invalidRequestHeader,
          extensions: { header: 'X-Confirm' },
        });
      }
      const expected = expectationOf(ctx.validators);
      await commit(users.deleteAll(expected !== undefined && 'version' in expected ? expected : undefined));
      return ResponseEntity.noContent();
    });
}
