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
    // A path a literal's routes match is never a placeholder's value beside it.
    ['/cars/new', ['/cars/new', '/{*all}']],
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

describe('RouteIndex.lookup, when one node holds every route found', () => {
  const entry = (template: string): Entry => ({ template: parsePathTemplate(template) });

  it('hands out that node’s list itself, copying nothing per request', () => {
    const index = new RouteIndex<Entry>();
    const get = entry('/items/{id}');
    index.add(get);
    index.add(entry('/items/{id}'));
    const first = index.lookup(splitRequestPath('/items/1'));
    expect(first).toHaveLength(2);
    expect(index.lookup(splitRequestPath('/items/2?x=1'))).toBe(first);
    expect(first[0]).toBe(get);
  });

  it('joins the lists of several nodes in the trie’s order, catch-alls met on the way first', () => {
    const index = new RouteIndex<Entry>();
    for (const template of ['/items/{id}', '/{*all}', '/items/new', '/items/{*rest}']) index.add(entry(template));
    expect(index.lookup(splitRequestPath('/items/new')).map((e) => e.template.text)).toEqual(['/{*all}', '/items/{*rest}', '/items/new']);
    expect(index.lookup(splitRequestPath('/items/old')).map((e) => e.template.text)).toEqual(['/{*all}', '/items/{*rest}', '/items/{id}']);
  });

  it('leaves a list it handed out as it was when a route is declared after', () => {
    const index = new RouteIndex<Entry>();
    index.add(entry('/items/{id}'));
    index.add(entry('/{*all}'));
    const exact = index.lookup(splitRequestPath('/items/1'));
    const caught = index.lookup(splitRequestPath('/other'));
    index.add(entry('/items/{key}'));
    index.add(entry('/{*rest}'));
    expect(exact).toHaveLength(2);
    expect(caught).toHaveLength(1);
    expect(index.lookup(splitRequestPath('/items/1'))).toHaveLength(4);
  });
});
