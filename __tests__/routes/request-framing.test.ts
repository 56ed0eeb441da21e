import { MAX_HEADER_LINES, framingFault } from '../../routes/http/request-framing';

describe('framingFault(httpVersion, headerLines, headers)', () => {
  it.each([
    ['1.1', 3, {}, undefined],
    ['1.1', MAX_HEADER_LINES, {}, undefined],
    ['1.1', MAX_HEADER_LINES + 1, {}, 431],
    ['1.0', MAX_HEADER_LINES + 1, { 'transfer-encoding': 'chunked' }, 431],
    ['1.0', 3, { 'transfer-encoding': 'chunked' }, 400],
    ['1.0', 3, { 'transfer-encoding': 'gzip, chunked', 'content-length': '4' }, 400],
    ['1.0', 3, { 'content-length': '4' }, undefined],
    ['1.1', 3, { 'transfer-encoding': 'chunked' }, undefined],
  ] as const)('HTTP/%s with %i header lines and %j: %s', (version, lines, headers, status) => {
    expect(framingFault(version, lines, headers)?.status).toBe(status);
  });
});
