/**
 * Type tests of the per-request state: `npm run typecheck` (tsc, which `npm test` runs first) checks
 * this file, which jest does not run (`.test-d.ts`: `expectTypeOf` checks nothing at run time), so a wrong
 * inference fails the build; the `@ts-expect-error` lines prove that wrong uses do not compile.
 */
import { expectTypeOf } from 'expect-type';
import cors from 'cors';
import { type GuardContext, type HookContext, type Router, Unauthorized, createRouter, hooks } from '../../src';

interface User {
  readonly name: string;
  readonly role: 'admin' | 'reader';
}

const authentication = hooks<{ user: User }>({
  preHandler(ctx) {
    expectTypeOf(ctx).toMatchTypeOf<GuardContext<{ user: User }>>();
    if (ctx.req.headers.authorization === undefined) throw new Unauthorized();
    ctx.set('user', { name: 'ada', role: 'admin' });
    // @ts-expect-error the state holds a User under 'user'
    ctx.set('user', 'ada');
  },
});
const requestId = hooks<{ requestId: string }>({
  onRequest(ctx) {
    expectTypeOf(ctx).toEqualTypeOf<HookContext<{ requestId: string }>>();
    ctx.set('requestId', '1');
  },
});

describe('per-request state types', () => {
  it("types a handler's ctx.state and ctx.get from the router's hooks (router.use)", () => {
    const api = createRouter().use(authentication).use(requestId);
    expectTypeOf(api).toEqualTypeOf<Router<'', { user: User } & { requestId: string }>>();
    api.get('/me').handle((ctx) => {
      expectTypeOf(ctx.state.user).toEqualTypeOf<User>();
      expectTypeOf(ctx.get('user')).toEqualTypeOf<User>();
      expectTypeOf(ctx.get('requestId')).toEqualTypeOf<string>();
      // @ts-expect-error no hook sets 'session'
      ctx.get('session');
      // @ts-expect-error no hook sets 'session'
      void ctx.state.session;
    });
  });

  it('types them from createRouter({ hooks }) too, Express middleware adding nothing', () => {
    const api = createRouter({ hooks: [cors(), authentication, requestId] });
    api.post('/books').handle((ctx) => {
      expectTypeOf(ctx.state.user.role).toEqualTypeOf<'admin' | 'reader'>();
      expectTypeOf(ctx.state.requestId).toEqualTypeOf<string>();
    });
    api.map({ path: '/books/{id}', method: 'GET' }, (ctx) => {
      expectTypeOf(ctx.state.user).toEqualTypeOf<User>();
      expectTypeOf(ctx.path.id).toEqualTypeOf<string>();
    });
  });

  it("adds a route's .use and .guard state to the router's, and types the guard's context from the bindings", () => {
    const api = createRouter().use(requestId);
    api
      .get('/shelves/{shelf}')
      .query('page', { type: 'integer' })
      .guard<{ shelfOwner: string }>((ctx) => {
        expectTypeOf(ctx.path.shelf).toEqualTypeOf<string>();
        expectTypeOf(ctx.query.page).toEqualTypeOf<number>();
        expectTypeOf(ctx.state.requestId).toEqualTypeOf<string>();
        ctx.set('shelfOwner', 'ada');
      })
      .use(authentication)
      .handle((ctx) => {
        expectTypeOf(ctx.state.shelfOwner).toEqualTypeOf<string>();
        expectTypeOf(ctx.state.user).toEqualTypeOf<User>();
        expectTypeOf(ctx.state.requestId).toEqualTypeOf<string>();
      });
  });

  it('gives a router without hooks an empty state', () => {
    createRouter()
      .get('/plain')
      .handle((ctx) => {
        expectTypeOf(ctx.state).toEqualTypeOf<{}>();
        // @ts-expect-error nothing was set
        ctx.get('user');
      });
  });
});
