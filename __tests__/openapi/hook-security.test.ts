import { createRouter, hooks } from '../../src';
import { openApiErrors } from '../setup/validate-openapi';

const info = { title: 'Notes', version: '1.0.0' };
const bearer = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } as const;

describe('router.openapi(): the security a hook set declares (OpenAPI sections 4.8.27, 4.8.30)', () => {
  it('lists a router hook\'s scheme as required by the operations of the methods it names, and defines it once', async () => {
    const writes = hooks({ preHandler: () => undefined, security: { name: 'bearer', scheme: bearer, methods: ['PUT', 'DELETE'] } });
    const api = createRouter().use(writes);
    api.get('/notes/{id}').handle(() => ({}));
    api.put('/notes/{id}').body(String).handle(() => undefined);
    api.delete('/notes/{id}').handle(() => undefined);
    const document = api.openapi({ info });
    expect(document.paths['/notes/{id}']!.get!.security).toBeUndefined();
    expect(document.paths['/notes/{id}']!.put!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/notes/{id}']!.delete!.security).toEqual([{ bearer: [] }]);
    expect(document.components.securitySchemes).toEqual({ bearer });
    expect(await openApiErrors(document)).toEqual([]);
  });

  it('lists a route hook set\'s scheme for every method of its route, together with the router\'s, with their scopes', async () => {
    const api = createRouter().use({ security: { name: 'key', scheme: { type: 'apiKey', name: 'X-Key', in: 'header' } } });
    api.get('/open').handle(() => 'open');
    api
      .put('/admin')
      .use({ preHandler: () => undefined, security: { name: 'oauth', scheme: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { admin: 'administer' } } } }, scopes: ['admin'] } })
      .body(String)
      .handle(() => undefined);
    const document = api.openapi({ info });
    expect(document.paths['/open']!.get!.security).toEqual([{ key: [] }]);
    expect(document.paths['/admin']!.put!.security).toEqual([{ key: [], oauth: ['admin'] }]);
    expect(Object.keys(document.components.securitySchemes ?? {})).toEqual(['key', 'oauth']);
    expect(await openApiErrors(document)).toEqual([]);
  });

  it('declares nothing when no hook does', () => {
    const api = createRouter().use({ preHandler: () => undefined });
    api.put('/notes').body(String).handle(() => undefined);
    const document = api.openapi({ info });
    expect(document.paths['/notes']!.put!.security).toBeUndefined();
    expect(document.components.securitySchemes).toBeUndefined();
  });

  it('refuses two different schemes under one name: the document could define only one', () => {
    const api = createRouter().use({ security: { name: 'auth', scheme: bearer } });
    api.put('/a').use({ security: { name: 'auth', scheme: { type: 'http', scheme: 'basic' } } }).body(String).handle(() => undefined);
    expect(() => api.openapi({ info })).toThrow("Two security schemes are declared as 'auth'");
  });
});
