import request from 'supertest';
import { ProblemType } from '../../src/errors/problem-types';
import { AtomConverter, type BodyConverter, type BodyKind, RssConverter, XmlObjectConverter, XmlSourceConverter } from '../../src/converters';
import { DEFAULT_BODY_LIMIT } from '../../src/exchange/body-reader';
import { readOptions } from '../setup/converter-fixture';
import { AS_ADMIN, expectProblem, service } from '../setup/service-fixture';
import { countCharacterVisits } from '../setup/character-visits';

/**
 * Hostile XML costs what its size costs. Each input below is built to make a backtracking scanner
 * retry its work (issue 17: `<bookcase a="1" b="2" ` + 256 KB of `d` + `/>` blocked the process
 * for 34.6 s); each reader is fed it at sizes up to the body limit, and the work is counted in
 * character visits (see countCharacterVisits), never timed. Linear work means: doubling the input
 * at most doubles the count, and the count stays a small multiple of the input's length.
 */

jest.setTimeout(120_000);

const readers: readonly [string, BodyConverter, BodyKind, string][] = [
  ['xml-object', new XmlObjectConverter(), 'object', 'application/xml'],
  ['xml-source', new XmlSourceConverter(), 'xml-document', 'text/xml'],
  ['atom', new AtomConverter(), 'feed', 'application/atom+xml'],
  ['rss', new RssConverter(), 'feed', 'application/rss+xml'],
];

const RSS_ITEM = '<rss version="2.0"><channel><title>t</title><link>https://example.org/</link><description>d</description><item><title>i</title><pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate>';

/** Inputs of about `size` characters, each shaped against a scan that could backtrack. */
const inputs: readonly [string, (size: number) => string][] = [
  ['the reproduction: one long name without a value', (size) => `<bookcase a="1" b="2" ${'d'.repeat(size)}/>`],
  ['many names without values', (size) => `<bookcase a="1" b="2"${' d'.repeat(size / 2)}/>`],
  ['many names with `=` and no quoted value', (size) => `<bookcase a="1" b="2"${' d='.repeat(size / 3)}/>`],
  ['a start tag never closed', (size) => `<bookcase${' a="1"'.repeat(size / 6)}`],
  ['an unterminated comment after the root', (size) => `<a/><!--${'-'.repeat(size)}`],
  ['an RSS author of `@(` repeated', (size) => `${RSS_ITEM}<author>x${'@('.repeat(size / 2)}</author></item></channel></rss>`],
];

/** The largest input fits the body limit with room for its fixed parts. */
const LARGEST = DEFAULT_BODY_LIMIT - 1024;
const SIZES = [LARGEST / 2, LARGEST].map(Math.floor);

/** At most this many visits per character of input. */
const VISITS_PER_CHARACTER = 16;

describe.each(readers)('the %s reader, fed input built to backtrack', (_name, converter, kind, contentType) => {
  it.each(inputs)('visits %s in work linear in its size, up to the body limit', async (_input, build) => {
    const counts: number[] = [];
    for (const size of SIZES) {
      const body = Buffer.from(build(size));
      expect(body.length).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT);
      const { result, visits } = await countCharacterVisits(() => converter.read(body, readOptions(contentType, kind)));
      // Whether it is read or refused (each but the RSS author is malformed), it is answered.
      if (result instanceof Error) expect(result).toMatchObject({ status: 400 });
      expect(visits).toBeLessThanOrEqual(VISITS_PER_CHARACTER * body.length);
      counts.push(visits);
    }
    for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeLessThanOrEqual(2 * counts[i - 1]! + 4096);
  });
});

describe('PUT /bookcase with text/xml', () => {
  it.each([256 * 1024, LARGEST])('answers 400 to a start tag with a %i-character name and no value (the reproduction)', async (size) => {
    const { app } = service();
    const res = await request(app)
      .put('/bookcase').set(AS_ADMIN)
      .set('Content-Type', 'text/xml')
      .send(`<bookcase a="1" b="2" ${'d'.repeat(size)}/>`);
    const problem = expectProblem(res, 400);
    expect(problem['type']).toBe(ProblemType.malformedBody);
    expect(problem['detail']).toMatch(/^The XML body is malformed: /);
    // The bookcase is as it was.
    expect((await request(app).get('/bookcase')).body).toMatchObject({ name: 'Living room' });
  });

  it('answers 400 to a duplicate attribute after such a name, naming the name that has no value and its position', async () => {
    const { app } = service();
    const res = await request(app)
      .put('/bookcase').set(AS_ADMIN)
      .set('Content-Type', 'text/xml')
      .send(`<bookcase a="1" b="2" ${'d'.repeat(256 * 1024)} a="3"/>`);
    expect(expectProblem(res, 400)['detail']).toMatch(/^The XML body is malformed: the attribute 'd{100,}… at position 22 \(line 1, column 23\)\.$/);
  });
});
