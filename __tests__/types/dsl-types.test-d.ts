/**
 * Type tests: `npm run typecheck` (tsc, which `npm test` runs first) checks this file, which jest
 * does not run (`.test-d.ts`: `expectTypeOf` checks nothing at run time), so a wrong inference
 * fails the build. The `@ts-expect-error` lines prove that wrong uses do not compile.
 */
import { expectTypeOf } from 'expect-type';
import { z } from 'zod';
import {
  type BindingOptions,
  type CurrentValidators,
  type NamedBinding,
  type PathParams,
  type QueryOptions,
  type Router,
  type ValidatorSource,
  createRouter,
  hooks,
  validateWithSchema,
} from '../../src';
import { Form, XmlDocument } from '../../src/converters';

const api = createRouter();

describe('handler context types', () => {
  it('types ctx.validators from what the .etag() hook answers, and leaves it undefined without a hook', () => {
    api.get('/plain').handle((ctx) => {
      expectTypeOf(ctx.validators).toEqualTypeOf<undefined>();
    });
    api
      .put('/items/{id}')
      .etag(async (ctx) => (ctx.path.id === '' ? undefined : { etag: 7, lastModified: new Date(0), owner: 'ada' }))
      .handle((ctx) => {
        expectTypeOf(ctx.validators).toEqualTypeOf<CurrentValidators<{ etag: number; lastModified: Date; owner: string } | undefined>>();
        expectTypeOf(ctx.validators.answer).toEqualTypeOf<{ etag: number; lastModified: Date; owner: string } | undefined>();
        expectTypeOf(ctx.validators.etag).toEqualTypeOf<string | undefined>();
        expectTypeOf(ctx.validators.preconditionsChecked).toEqualTypeOf<boolean>();
      });
    // The hook's own context has no validators yet; bindings declared after the hook still type the handler.
    api
      .get('/versions/{id}')
      .etag((ctx) => {
        expectTypeOf(ctx.validators).toEqualTypeOf<undefined>();
        return 3;
      })
      .query('q', { required: false })
      .handle((ctx) => {
        expectTypeOf(ctx.validators.answer).toEqualTypeOf<number>();
        expectTypeOf(ctx.query.q).toEqualTypeOf<string | undefined>();
      });
    // A hook whose promise is not typed answers any validator source.
    api
      .delete('/slow')
      .etag(() => new Promise((resolve) => setTimeout(() => resolve('v1'), 1)))
      .handle((ctx) => {
        expectTypeOf(ctx.validators.answer).toEqualTypeOf<ValidatorSource>();
      });
    // @ts-expect-error: a hook answers a version or validators, not any object
    api.get('/wrong').etag(() => ({ etag: true }));
  });

  it('types path placeholders from the template', () => {
    expectTypeOf<PathParams<'/users/{id}'>>().toEqualTypeOf<{ readonly id: string }>();
    expectTypeOf<PathParams<'/cars/{id:\\d{3}}/{*rest}'>>().toEqualTypeOf<{ readonly id: string; readonly rest: string }>();
    expectTypeOf<PathParams<'/static'>>().toEqualTypeOf<{}>();
    api.get('/users/{id}/books/{isbn}').handle((ctx) => {
      expectTypeOf(ctx.path).toEqualTypeOf<{ readonly id: string; readonly isbn: string }>();
      // @ts-expect-error: no such placeholder
      void ctx.path.name;
    });
  });

  it('types placeholders whose pattern holds braces anywhere', () => {
    expectTypeOf<PathParams<'/codes/{code:[a-z]{2}\\d{3}}'>>().toEqualTypeOf<{ readonly code: string }>();
    expectTypeOf<PathParams<'/d/{d:\\d{4}-\\d{2}}/{rest}'>>().toEqualTypeOf<{ readonly d: string; readonly rest: string }>();
    expectTypeOf<PathParams<'/x/{a:(?:b{1,2}){2}}'>>().toEqualTypeOf<{ readonly a: string }>();
    // An escaped brace opens nothing, as the template parser reads it.
    expectTypeOf<PathParams<'/a/{x:\\{}/{y}'>>().toEqualTypeOf<{ readonly x: string; readonly y: string }>();
    expectTypeOf<PathParams<'/a/{x:[\\}a]+}'>>().toEqualTypeOf<{ readonly x: string }>();
  });

  it("types the placeholders of the router's path in every route", () => {
    const tenant = createRouter({ path: '/tenants/{tenant}' });
    tenant.get('/users/{id}').handle((ctx) => {
      expectTypeOf(ctx.path).toEqualTypeOf<{ readonly tenant: string; readonly id: string }>();
    });
    tenant.map({ path: '/teams', method: 'GET' }, (ctx) => {
      expectTypeOf(ctx.path).toEqualTypeOf<{ readonly tenant: string }>();
    });
    // A router with a prefix is still a Router to code that declares routes on any router.
    const declare = (router: Router): void => void router.get('/health').handle(() => 'ok');
    declare(tenant);
    // A path that is not a literal types only the routes' own placeholders.
    const somePath: string = '/v1';
    createRouter({ path: somePath }).get('/items/{id}').handle((ctx) => expectTypeOf(ctx.path).toEqualTypeOf<{ readonly id: string }>());
  });

  it('types options that are not literals by what they allow, never narrower than the value bound', () => {
    const page: QueryOptions = { type: 'integer', required: false };
    const optional = { required: false };
    const list: BindingOptions = { array: true };
    api
      .get('/variables')
      .query('page', page)
      .query('name', optional)
      .query('tags', list)
      .handle((ctx) => {
        expectTypeOf(ctx.query.page).toEqualTypeOf<string | number | boolean | (string | number | boolean)[] | undefined>();
        expectTypeOf(ctx.query.name).toEqualTypeOf<string | undefined>();
        expectTypeOf(ctx.query.tags).toEqualTypeOf<string | number | boolean | (string | number | boolean)[] | undefined>();
      });
    const query: NamedBinding[] = [{ name: 'page', type: 'integer', required: false }];
    api.map({ path: '/declared-variables', method: 'GET', query }, (ctx) => {
      expectTypeOf(ctx.query.page).toEqualTypeOf<string | number | boolean | (string | number | boolean)[] | undefined>();
    });
  });

  it('types query bindings by type, requiredness and default', () => {
    api
      .get('/users')
      .query('page', { type: 'integer', defaultValue: '1' })
      .query('size', { type: 'integer', required: false })
      .query('name')
      .query('tags', { array: true, required: false })
      .query('active', { type: 'boolean', required: true })
      .handle((ctx) => {
        expectTypeOf(ctx.query.page).toEqualTypeOf<number>();
        expectTypeOf(ctx.query.size).toEqualTypeOf<number | undefined>();
        expectTypeOf(ctx.query.name).toEqualTypeOf<string>();
        expectTypeOf(ctx.query.tags).toEqualTypeOf<string[] | undefined>();
        expectTypeOf(ctx.query.active).toEqualTypeOf<boolean>();
        // @ts-expect-error: not declared
        void ctx.query.other;
      });
  });

  it('types header and matrix bindings', () => {
    api
      .delete('/user/all')
      .header('X-Confirm')
      .matrix('role', { array: true, required: false })
      .handle((ctx) => {
        expectTypeOf(ctx.header['X-Confirm']).toEqualTypeOf<string>();
        expectTypeOf(ctx.matrix.role).toEqualTypeOf<string[] | undefined>();
      });
  });

  it('types a binding that enumerates its values as their union', () => {
    const ROLES = ['admin', 'editor'] as const;
    api
      .delete('/user/every')
      .header('X-Confirm', { values: ['delete-all-users'] })
      .matrix('role', { array: true, required: false, values: ROLES })
      .handle((ctx) => {
        expectTypeOf(ctx.header['X-Confirm']).toEqualTypeOf<'delete-all-users'>();
        expectTypeOf(ctx.matrix.role).toEqualTypeOf<('admin' | 'editor')[] | undefined>();
      });
  });

  it('types cookie bindings like the others, in ctx.cookie', () => {
    api
      .get('/account')
      .cookie('session')
      .cookie('theme', { required: false })
      .cookie('page', { type: 'integer', defaultValue: 1 })
      .cookie('beta', { type: 'boolean', required: false })
      .cookie('tags', { array: true })
      .query('q', { required: false })
      .handle((ctx) => {
        expectTypeOf(ctx.cookie.session).toEqualTypeOf<string>();
        expectTypeOf(ctx.cookie.theme).toEqualTypeOf<string | undefined>();
        expectTypeOf(ctx.cookie.page).toEqualTypeOf<number>();
        expectTypeOf(ctx.cookie.beta).toEqualTypeOf<boolean | undefined>();
        expectTypeOf(ctx.cookie.tags).toEqualTypeOf<string[]>();
        expectTypeOf(ctx.query.q).toEqualTypeOf<string | undefined>();
        // @ts-expect-error: not declared
        void ctx.cookie.other;
      });
    // Bindings declared before the hooks type their contexts too.
    api
      .get('/guarded')
      .cookie('session')
      .guard((ctx) => void expectTypeOf(ctx.cookie.session).toEqualTypeOf<string>())
      .etag((ctx) => ctx.cookie.session)
      .handle((ctx) => expectTypeOf(ctx.cookie.session).toEqualTypeOf<string>());
    api.map({ path: '/declared', method: 'GET', cookie: [{ name: 'session' }, { value: 'page', type: 'integer', required: false }] }, (ctx) => {
      expectTypeOf(ctx.cookie.session).toEqualTypeOf<string>();
      expectTypeOf(ctx.cookie.page).toEqualTypeOf<number | undefined>();
    });
    api.get('/no-cookies').handle((ctx) => expectTypeOf(ctx.cookie).toEqualTypeOf<{}>());
    // @ts-expect-error: a number is not a boolean
    api.get('/bad-cookie').cookie('beta', { type: 'boolean', defaultValue: 1 });
    // @ts-expect-error: 'date' is not a value type
    api.get('/bad-cookie').cookie('when', { type: 'date' });
  });

  it('mounts any router, whatever its path and the state its hooks set', () => {
    const outer = createRouter({ path: '/api' });
    const tenants = createRouter({ path: '/tenants/{tenant}' });
    const authed = createRouter().use(hooks<{ user: string }>({ preHandler: (ctx) => ctx.set('user', 'ann') }));
    authed.get('/me').handle((ctx) => expectTypeOf(ctx.state.user).toEqualTypeOf<string>());
    expectTypeOf(outer.mount('/t', tenants).mount('/a', authed)).toEqualTypeOf<typeof outer>();
    // @ts-expect-error: only a router mounts (and the router checks it when called: router/declaration-forms.test.ts)
    outer.mount('/x', {});
  });

  it('types the body from a kind token or a Standard Schema', () => {
    api.post('/text').body(String).handle((ctx) => expectTypeOf(ctx.body).toEqualTypeOf<string>());
    api.post('/bytes').body(Buffer).handle((ctx) => expectTypeOf(ctx.body).toEqualTypeOf<Buffer>());
    api.post('/object').body(Object).handle((ctx) => expectTypeOf(ctx.body).toEqualTypeOf<Record<string, unknown>>());
    const User = z.object({ name: z.string(), age: z.number() });
    api.post('/schema').body(User).handle((ctx) => expectTypeOf(ctx.body).toEqualTypeOf<{ name: string; age: number }>());
    api.get('/none').handle((ctx) => expectTypeOf(ctx.body).toEqualTypeOf<undefined>());
    api.post('/form').body(Form).handle((ctx) => expectTypeOf(ctx.body).toEqualTypeOf<Form>());
    api.post('/xml').body(XmlDocument).handle((ctx) => expectTypeOf(ctx.body).toEqualTypeOf<XmlDocument>());
  });

  it('refuses a class that names no body kind, in the types and when the route is declared', () => {
    class Note {
      words(): number {
        return 0;
      }
    }
    // @ts-expect-error: a body is never an instance of Date, so Date is no body token
    api.post('/date').body(Date);
    // @ts-expect-error: nor of a class of the application's (both refused at run time too: router/declaration-forms.test.ts)
    api.post('/note').body(Note);
  });

  it('types the declarative form the same way', () => {
    api.map(
      {
        value: '/cars/{id}',
        method: 'GET',
        query: [
          { name: 'page', type: 'integer', defaultValue: '1' },
          { value: 'debug', type: 'boolean', required: false },
        ],
        header: [{ name: 'X-Api-Version' }],
        matrix: [{ name: 'color', pathVar: 'id', array: true }],
      },
      (ctx) => {
        expectTypeOf(ctx.path.id).toEqualTypeOf<string>();
        expectTypeOf(ctx.query.page).toEqualTypeOf<number>();
        expectTypeOf(ctx.query.debug).toEqualTypeOf<boolean | undefined>();
        expectTypeOf(ctx.header['X-Api-Version']).toEqualTypeOf<string>();
        expectTypeOf(ctx.matrix.color).toEqualTypeOf<string[]>();
      },
    );
  });

  it('takes a defaultValue as text or in the binding\'s own type, and types the value as required', () => {
    api
      .get('/defaults')
      .query('page', { type: 'integer', defaultValue: 1 })
      .query('ratio', { type: 'number', defaultValue: 0.5 })
      .query('debug', { type: 'boolean', defaultValue: true })
      .query('size', { type: 'integer', defaultValue: '20' })
      .header('X-Mode', { defaultValue: 'fast' })
      .matrix('year', { type: 'integer', defaultValue: 2012 })
      .handle((ctx) => {
        expectTypeOf(ctx.query.page).toEqualTypeOf<number>();
        expectTypeOf(ctx.query.ratio).toEqualTypeOf<number>();
        expectTypeOf(ctx.query.debug).toEqualTypeOf<boolean>();
        expectTypeOf(ctx.query.size).toEqualTypeOf<number>();
        expectTypeOf(ctx.header['X-Mode']).toEqualTypeOf<string>();
        expectTypeOf(ctx.matrix.year).toEqualTypeOf<number>();
      });
    // @ts-expect-error: a boolean is not an integer
    api.get('/bad-default').query('page', { type: 'integer', defaultValue: true });
    // @ts-expect-error: a number is not a boolean
    api.get('/bad-default').query('debug', { type: 'boolean', defaultValue: 1 });
    // @ts-expect-error: a string binding's default is text
    api.get('/bad-default').header('X-Mode', { defaultValue: 1 });
    // @ts-expect-error: a boolean is not an integer
    api.get('/bad-default').matrix('year', { type: 'integer', defaultValue: false });
  });

  it('checks pathVar against the placeholders of a literal path', () => {
    api.get('/cars/{id}/parts/{part}').matrix('color', { pathVar: 'part' }).handle(() => undefined);
    createRouter({ path: '/shops/{shop}' }).get('/cars').matrix('city', { pathVar: 'shop' }).handle(() => undefined);
    // @ts-expect-error: 'car' is not a placeholder of the path
    api.get('/cars/{id}').matrix('color', { pathVar: 'car' });
    // @ts-expect-error: the path has no placeholders
    api.get('/cars').matrix('color', { pathVar: 'id' });
    const path: string = '/cars/{id}';
    // A path that is not a literal is checked when the route is declared.
    api.get(path).matrix('color', { pathVar: 'car' });
  });

  it('types the values of ctx.url from its template', () => {
    api.post('/links').handle((ctx) => {
      expectTypeOf(ctx.url('/users/{id}', { id: 7 })).toEqualTypeOf<string>();
      ctx.url('/users/{id}/books/{isbn}', { id: '7', isbn: '978' });
      ctx.url('/users');
      // Values the template does not name are allowed: they may fill the router's path.
      ctx.url('/users/{id}', { id: 1, tenant: 'acme' });
      // @ts-expect-error: the template's placeholder needs a value
      ctx.url('/users/{id}');
      // @ts-expect-error: the template's placeholder needs a value
      ctx.url('/users/{id}/books/{isbn}', { id: 7 });
      // @ts-expect-error: a value is a string or a number
      ctx.url('/users/{id}', { id: true });
      const template: string = '/users/{id}';
      ctx.url(template, { id: 1 });
      ctx.url(template);
    });
  });

  it('rejects options that are not bindings', () => {
    // @ts-expect-error: 'date' is not a value type
    api.get('/x').query('when', { type: 'date' });
  });
});

describe('validateWithSchema types', () => {
  it("answers the schema's output type", () => {
    const Edition = z.object({ title: z.string(), year: z.coerce.number() });
    // Not called: only the types are checked.
    const validate = (value: unknown) => validateWithSchema(Edition, value, { status: 422, subject: 'The edition' });
    expectTypeOf(validate).returns.toEqualTypeOf<Promise<{ title: string; year: number }>>();
    // @ts-expect-error: 400 or 422 only
    const wrongStatus = (value: unknown) => validateWithSchema(Edition, value, { status: 404 });
    void wrongStatus;
  });
});
