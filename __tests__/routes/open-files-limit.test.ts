import { MAX_CONNECTIONS, RESERVED_DESCRIPTORS, maxConnectionsFor, openFilesLimit } from '../../routes/http/open-files-limit';

const LIMITS = (soft: string, hard: string) => `Limit                     Soft Limit           Hard Limit           Units     
Max processes             63448                63448                processes 
Max open files            ${soft.padEnd(20)} ${hard.padEnd(20)} files     
Max locked memory         8388608              8388608              bytes     
`;

describe('openFilesLimit(limits)', () => {
  it.each([
    [LIMITS('1024', '524288'), 1024],
    [LIMITS('20000', '20000'), 20000],
    [LIMITS('unlimited', 'unlimited'), undefined],
    ['', undefined],
  ])('reads the soft limit: %#', (text, expected) => {
    expect(openFilesLimit(text)).toBe(expected);
  });
});

describe('maxConnectionsFor(openFiles)', () => {
  it.each([
    [undefined, MAX_CONNECTIONS],
    [1_048_576, MAX_CONNECTIONS],
    [MAX_CONNECTIONS + RESERVED_DESCRIPTORS, MAX_CONNECTIONS],
    [1024, 1024 - RESERVED_DESCRIPTORS],
    [256, 256 - RESERVED_DESCRIPTORS],
    [64, 1],
  ])('with %p open files: %p connections', (openFiles, expected) => {
    expect(maxConnectionsFor(openFiles)).toBe(expected);
  });
});
