import { type PathTemplate, parsePathTemplate } from '../../src/routing/path-template';
import { splitRequestPath } from '../../src/http/request-path';
import { RouteIndex } from '../../src/routing/route-index';

interface Entry {
  readonly template: PathTemplate;
}

describe('RouteIndex', () => {
  const index = new RouteIndex<Entry>();
  const templates = [
    '/',
    '/cars',
    '/cars/new',
    '/cars/{id}',
    '/cars/{id:\\d+}',
    '/cars/{id}/wheels',
    '/files/{*rest}',
    '/{*all}',
    '/caf%C3%A9',
    '/café',
  ];
  for (const template of templates) index.add({ template: parsePathTemplate(template) });
  for (let i = 0; i < 5000; i++) index.add({ template: parsePathTemplate(`/bulk-${i}/{id}`) });

  const lookup = (url: string): string[] => index.lookup(splitRequestPath(url)).map((e) => e.template.text).sort();

  it.each<[string, string[]]>([
    ['/', ['/', '/{*all}']],
    ['/cars', ['/cars', '/{*all}']],
    ['/cars;color=red', ['/cars', '/{*all}']],
    ['/cars/new', ['/cars/new', '/cars/{id}', '/{*all}']],
    ['/cars/42', ['/cars/{id:\\d+}', '/cars/{id}', '/{*all}']],
    ['/cars/42;color=red', ['/cars/{id:\\d+}', '/cars/{id}', '/{*all}']],
    ['/cars/x/wheels', ['/cars/{id}/wheels', '/{*all}']],
    ['/cars//wheels', ['/{*all}']],
    ['/files', ['/files/{*rest}', '/{*all}']],
    ['/files/a/b/c', ['/files/{*rest}', '/{*all}']],
    // A literal declared percent-encoded is decoded when declared, so both spellings match.
    ['/caf%C3%A9', ['/caf%C3%A9', '/café', '/{*all}']],
    ['/bulk-4321/7', ['/bulk-4321/{id}', '/{*all}']],
    ['/bulk-4321', ['/{*all}']],
  ])('should find for %s only the routes whose template matches: %j', (url, expected) => {
    expect(lookup(url)).toEqual([...expected].sort());
  });
});
