import { bindingVaryFields } from '../../src/binding/vary-fields';
import { type BindingSource, compileBinding } from '../../src/binding/value-binding';

describe('bindingVaryFields(bindings): the request fields a route\'s answers vary by (RFC 9110 section 12.5.5)', () => {
  it.each<[string, readonly [BindingSource, string][], readonly string[]]>([
    ['no bindings', [], []],
    ['query and matrix bindings', [['query', 'page'], ['matrix', 'color']], []],
    ['a cookie binding', [['cookie', 'session']], ['Cookie']],
    ['two cookie bindings', [['cookie', 'session'], ['cookie', 'theme']], ['Cookie']],
    ['a header binding, as declared', [['header', 'X-Mode']], ['X-Mode']],
    ['one header bound in two spellings: the first', [['header', 'X-Mode'], ['header', 'x-mode']], ['X-Mode']],
    ['headers and a cookie, in declaration order', [['header', 'X-Tenant'], ['cookie', 'session'], ['header', 'X-Mode']], ['X-Tenant', 'Cookie', 'X-Mode']],
    ['Authorization (keyed once a route lets shared caches reuse it, RFC 9111 section 3.5)', [['header', 'Authorization']], ['Authorization']],
    ['Accept (the representation says whether it varies)', [['header', 'Accept']], ['Accept']],
    ['Host (part of the cache key)', [['header', 'Host']], []],
    ['the conditionals and Range (the caches answer them, RFC 9111 sections 4.3.2 and 3.4)', [['header', 'If-None-Match'], ['header', 'If-Modified-Since'], ['header', 'If-Match'], ['header', 'If-Unmodified-Since'], ['header', 'If-Range'], ['header', 'Range']], []],
    ['Cache-Control and Pragma (directives to the caches)', [['header', 'Cache-Control'], ['header', 'pragma']], []],
  ])('%s', (_case, declared, fields) => {
    expect(bindingVaryFields(declared.map(([source, name]) => compileBinding(source, name)))).toEqual(fields);
  });
});
