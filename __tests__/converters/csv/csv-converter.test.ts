import { ProblemType } from '../../../src/errors/problem-types';
import { parseMediaType } from '../../../src/http/media-type';
import { CsvConverter, parseCsv } from '../../../src/converters';
import { readOptions, rejection } from '../../setup/converter-fixture';

const converter = new CsvConverter();
const CSV = parseMediaType('text/csv');

describe('parseCsv(text)', () => {
  it.each([
    ['a,b\r\n1,2\r\n', [['a', 'b'], ['1', '2']]],
    ['a,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['"a,b","c""d"\r\n"line\r\nbreak",', [['a,b', 'c"d'], ['line\r\nbreak', '']]],
    ['x\r\n\r\ny', [['x'], [''], ['y']]],
    ['', []],
    [' spaced , kept ', [[' spaced ', ' kept ']]],
  ])('splits %j', (text, records) => {
    expect(parseCsv(text)).toEqual(records);
  });
});

describe('CsvConverter', () => {
  it('writes a header row and quotes what needs quoting (RFC 4180)', async () => {
    const written = await converter.write(
      [
        { id: 1, title: 'Dune, "the" novel', note: null },
        { id: 2, extra: 'multi\nline', when: new Date('2024-01-01T00:00:00Z') },
      ],
      { mediaType: CSV },
    );
    expect(written.contentType).toBe('text/csv; charset=utf-8; header=present');
    expect(written.body.toString()).toBe(
      'id,title,note,extra,when\r\n1,"Dune, ""the"" novel",,,\r\n2,,,"multi\nline",2024-01-01T00:00:00.000Z\r\n',
    );
  });

  it.each([
    ['a record with too many fields', 'a,b\r\n1,2,3\r\n', /3 fields where the header has 2/, { line: 2 }],
    ['a short record after a multi-line field', 'a,b\r\n"x\r\ny",1\r\n2\r\n', /1 fields where the header has 2/, { line: 4 }],
    ['a stray quote', 'a,b\r\n1,x"y\r\n', /a quote inside an unquoted field/, { offset: 8, line: 2, column: 4 }],
    ['text after a closing quote', 'a\r\n"x"y\r\n', /after a closing quote/, { offset: 6, line: 2, column: 4 }],
    ['an unclosed quote', 'a\r\n"open\r\n', /not closed/, { offset: 3, line: 2, column: 1 }],
  ])('answers 400 for %s', async (_case, text, reason, position) => {
    const error = await rejection(converter.read(Buffer.from(text), readOptions('text/csv', 'object')), 400);
    expect(error.type).toBe(ProblemType.malformedBody);
    expect(error.detail).toMatch(reason);
    expect(error.extensions).toEqual(position);
  });

  it('drops columns named like prototype keys', async () => {
    const rows = (await converter.read(Buffer.from('__proto__,ok\r\nx,1\r\n'), readOptions('text/csv', 'object'))) as object[];
    expect(rows).toEqual([{ ok: '1' }]);
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });
});
