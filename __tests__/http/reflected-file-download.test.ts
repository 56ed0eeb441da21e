import { downloadExtensions, mayNameAFile, needsSafeDisposition } from '../../src/http/reflected-file-download';
import { splitRequestPath } from '../../src/http/request-path';

const last = (path: string) => splitRequestPath(path).at(-1);

describe('needsSafeDisposition(segment, isSafe)', () => {
  // Spring's own cases (RequestResponseBodyMethodProcessorTests#addContentDispositionHeader), with
  // `pdf` as the extension the route registers.
  const registered = (extension: string) => extension === 'pdf';
  it.each<[string, boolean]>([
    ['/hello.json', false],
    ['/hello.pdf', false],
    ['/hello.dataless', true],
    ['/hello.json;a=b', false],
    ['/hello.json;a=b;setup.dataless', true],
    ['/hello.dataless;a=b;setup.json', true],
    ['/hello.json;a=b;setup.json', false],
    ['/hello%2Edataless;a=b;setup.json', true],
    ['/hello.json;a=b;setup%2Edataless', true],
    ['/hello.dataless%3Bsetup.bat', true],
    ['/hello', false],
    ['/hello.', false],
    ['/hello.JSON', false],
    ['/users/7.bat', true],
    ['/users/7.cmd', true],
    ['/report.v2', true],
  ])('%s needs it: %s', (path, needed) => {
    expect(needsSafeDisposition(last(path), registered)).toBe(needed);
  });

  it('reads nothing from a path without segments', () => {
    expect(needsSafeDisposition(undefined, () => false)).toBe(false);
    expect(downloadExtensions(last('/a;b=c'))).toEqual([]);
  });
});

describe('mayNameAFile(segment)', () => {
  it.each([
    ['/users/42', false],
    ['/users/me', false],
    ['/a.bat', true],
    ['/a%2Ebat', true],
    ['/a;setup.bat', true],
    ['/a;x=%2E', true],
    ['/a;x=y', false],
  ])('%s: %s', (path, expected) => {
    expect(mayNameAFile(last(path)!)).toBe(expected);
  });

  it.each(['/a.bat', '/a%2Ebat', '/a;setup.bat', '/a;x=y%2Ecmd', '/x.JSON'])('is true of %s, in which downloadExtensions finds an extension', (path) => {
    expect(downloadExtensions(last(path)).length).toBeGreaterThan(0);
    expect(mayNameAFile(last(path)!)).toBe(true);
  });
});
