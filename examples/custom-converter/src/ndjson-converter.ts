import { HttpError, type MediaType } from 'express-represent';
import {
  type BodyConverter,
  type BodyKind,
  JsonConverter,
  type ReadOptions,
  type WriteOptions,
  type WrittenBody,
  concreteWriteType,
  contentTypeOf,
  decodeText,
  encodeText,
  malformedBody,
  mediaTypes,
  parseMediaType,
  supportsRead,
  supportsWrite,
} from 'express-represent/converters';

const FORMAT = 'NDJSON';
const JSON_TYPE = parseMediaType('application/json');

/**
 * Arrays from and to NDJSON (`application/x-ndjson`, https://github.com/ndjson/ndjson-spec): one
 * JSON text per line, UTF-8, lines ending in `\n` (a `\r` before it is allowed, blank lines are
 * skipped). A bulk import or export format: each line can be produced or consumed on its own.
 *
 * Each line is read by the library's own JSON converter, so it gets the same protections as a
 * JSON body: the route's nesting limit (checked before parsing), and the keys `__proto__`,
 * `constructor` and `prototype` dropped. A line that does not parse is a 400 naming the line.
 */
export class NdjsonConverter implements BodyConverter {
  readonly name = 'ndjson';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('application/x-ndjson');
  readonly #json = new JsonConverter();

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'object' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'object' && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<unknown[]> {
    const lines = decodeText(body, 'utf-8', FORMAT).split('\n');
    const values: unknown[] = [];
    for (const [index, line] of lines.entries()) {
      const text = line.endsWith('\r') ? line.slice(0, -1) : line;
      if (text.trim() === '') continue;
      try {
        values.push(await this.#json.read(Buffer.from(text), { mediaType: JSON_TYPE, kind: 'object', maxDepth: options.maxDepth }));
      } catch (error) {
        const reason = error instanceof HttpError ? error.detail : String(error);
        throw malformedBody(FORMAT, `line ${index + 1} is not a JSON text (${reason})`, { line: index + 1 }, error);
      }
    }
    return values;
  }

  write(value: unknown, options: WriteOptions): WrittenBody {
    if (!Array.isArray(value)) throw new TypeError('The NDJSON converter writes an array, one element per line');
    const lines = value.map((element: unknown, index) => {
      const text = JSON.stringify(element);
      if (text === undefined) throw new TypeError(`Element ${index} (${typeof element}) has no JSON text`);
      return `${text}\n`;
    });
    // NDJSON is always UTF-8: no charset parameter to label.
    return { body: encodeText(lines.join('')).body, contentType: contentTypeOf(concreteWriteType(this.supportedMediaTypes, options.mediaType)) };
  }
}
