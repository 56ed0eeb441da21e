import type { MediaType } from '../../http/media-type';
import type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from '../body-converter';
import type { BodyKind } from '../body-kind';
import { DEFAULT_CHARSET, charsetOf, decodeText, encodeText } from '../charset';
import { lineAndColumn, malformedBody } from '../malformed-body';
import { concreteWriteType, contentTypeOf, mediaTypes, supportsRead, supportsWrite } from '../media-type-support';
import { isForbiddenKey } from '../prototype-safety';
import { coerceToShape } from '../shape-coercion';

/** One CSV row read with its header: column name to cell text. */
export type CsvRecord = Record<string, string>;

const FORMAT = 'CSV';

/**
 * The example of a custom converter: arrays of flat objects from and to `text/csv` (RFC 4180) with
 * a header row. It uses only the library's public converter API, and is not among the defaults;
 * a service adds it with `defaultConverters().append(new CsvConverter())`.
 *
 * - Reading: the first record names the columns, each further record is an object (cells are
 *   strings; with a shape, coerced like XML text, see `coerceToShape`). Records with another number
 *   of fields than the header, stray quotes and unterminated quoted fields are a 400 with the line.
 * - Writing: the header is every key in the order first seen; `null`/`undefined` are empty cells;
 *   fields with a comma, quote, CR or LF are quoted with quotes doubled (RFC 4180 section 2);
 *   records end with CRLF. Nested objects are refused with a `TypeError`.
 */
export class CsvConverter implements BodyConverter {
  readonly name = 'csv';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('text/csv');

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'object' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'object' && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<unknown> {
    const records = splitRecords(decodeText(body, charsetOf(options.mediaType) ?? DEFAULT_CHARSET, FORMAT));
    const [first, ...rest] = records;
    if (first === undefined) return [];
    const header = first.fields;
    const objects = rest.map(({ fields: row, line }) => {
      if (row.length !== header.length) {
        throw malformedBody(FORMAT, `the record has ${row.length} fields where the header has ${header.length}`, { line });
      }
      const record: CsvRecord = {};
      header.forEach((name, column) => {
        if (!isForbiddenKey(name)) record[name] = row[column]!;
      });
      return record;
    });
    return options.shape === undefined ? objects : coerceToShape(objects, options.shape);
  }

  write(value: unknown, options: WriteOptions): WrittenBody {
    if (!Array.isArray(value)) throw new TypeError('The CSV converter writes an array of flat objects');
    const header: string[] = [];
    const seen = new Set<string>();
    for (const row of value) {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new TypeError('Every CSV row must be an object');
      for (const key of Object.keys(row)) {
        if (seen.has(key)) continue;
        seen.add(key);
        header.push(key);
      }
    }
    const lines = [header.map(quote).join(',')];
    for (const row of value as Record<string, unknown>[]) lines.push(header.map((key) => quote(cell(row[key], key))).join(','));
    const mediaType = concreteWriteType(this.supportedMediaTypes, options.mediaType);
    const encoded = encodeText(`${lines.join('\r\n')}\r\n`, charsetOf(mediaType));
    // RFC 4180 section 3: `header=present` tells the client the first record names the columns.
    const labelled = { ...mediaType, parameters: { ...mediaType.parameters, header: 'present' } };
    return { body: encoded.body, contentType: contentTypeOf(labelled, encoded.charset) };
  }
}

function cell(value: unknown, key: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') throw new TypeError(`The CSV field '${key}' is not flat`);
  return String(value);
}

function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/**
 * Splits CSV text into records of fields (RFC 4180 section 2), accepting LF as well as CRLF line
 * breaks. A final line break does not start an empty record.
 */
export function parseCsv(text: string): string[][] {
  return splitRecords(text).map((record) => record.fields);
}

/** Records with the line each starts on, for error details. */
function splitRecords(text: string): { fields: string[]; line: number }[] {
  const records: { fields: string[]; line: number }[] = [];
  let line = 1;
  let recordLine = 1;
  let record: string[] = [];
  let field = '';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (reason: string, at: number): never => {
    throw malformedBody(FORMAT, reason, { offset: at, ...lineAndColumn(text, at) });
  };
  const endRecord = (): void => {
    record.push(field);
    records.push({ fields: record, line: recordLine });
    recordLine = line;
    record = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      if (field !== '') fail('a quote inside an unquoted field', i);
      const open = i++;
      for (;;) {
        if (i >= text.length) fail('a quoted field is not closed', open);
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (text[i] === '\n') line++;
        field += text[i++];
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') fail('a character after a closing quote', i);
    } else if (c === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      endRecord();
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
