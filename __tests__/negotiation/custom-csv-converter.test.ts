import request from 'supertest';
import { z } from 'zod';
import { BadRequest } from '../../src';
import { type BodyConverter, type BodyKind, CsvConverter, type MediaType, parseMediaType } from '../../src/entries/converters';
import { serve } from '../setup/negotiation-fixture';

/**
 * The example of docs/guide/converters.md ("A custom converter"), written only against the package's public API: arrays of flat objects
 * from and to `text/csv` (no quoting, for brevity). Nothing in the library knows about it.
 */
class SimpleCsvConverter implements BodyConverter {
  readonly name = 'simple-csv';
  readonly supportedMediaTypes: readonly MediaType[] = [parseMediaType('text/csv')];

  canRead(kind: BodyKind, type: MediaType): boolean {
    return kind === 'object' && type.type === 'text' && type.subtype === 'csv';
  }

  canWrite(kind: BodyKind, type: MediaType): boolean {
    return kind === 'object' && (type.type === '*' || type.type === 'text') && (type.subtype === '*' || type.subtype === 'csv');
  }

  async read(body: Buffer): Promise<Record<string, string>[]> {
    const [header = [], ...rows] = body.toString('utf8').split(/\r?\n/).filter(Boolean).map((line) => line.split(','));
    return rows.map((row, index) => {
      if (row.length !== header.length) throw new BadRequest(`CSV line ${index + 2} has ${row.length} fields, the header ${header.length}`);
      return Object.fromEntries(header.map((name, i) => [name, row[i]!]));
    });
  }

  write(value: unknown): { body: Buffer; contentType: string } {
    const rows = value as Record<string, unknown>[];
    const header = Object.keys(rows[0] ?? {});
    const lines = [header, ...rows.map((row) => header.map((name) => String(row[name] ?? '')))].map((cells) => cells.join(','));
    return { body: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), contentType: 'text/csv; charset=utf-8' };
  }
}

const books = [
  { id: 1, title: 'Dune' },
  { id: 2, title: 'Emma' },
];

describe('a custom CSV converter plugged into the router', () => {
  const received: unknown[] = [];
  const app = serve(
    (api) => {
      api.get('/books').handle(() => books);
      api.post('/books').body(Object).handle(({ body }) => {
        received.push(body);
        return body;
      });
    },
    { converters: (defaults) => defaults.append(new SimpleCsvConverter()) },
  );

  beforeEach(() => {
    received.length = 0;
  });

  it('writes text/csv when Accept asks for it', async () => {
    const res = await request(app).get('/books').set('Accept', 'text/csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.text).toBe('id,title\r\n1,Dune\r\n2,Emma\r\n');
  });

  it('keeps JSON as the default: an appended converter comes after the defaults', async () => {
    const res = await request(app).get('/books');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['vary']).toBe('Accept');
  });

  it('reads text/csv into objects', async () => {
    await request(app).post('/books').set('Content-Type', 'text/csv').send('id,title\n3,Ulysses\n').expect(200);
    expect(received).toEqual([[{ id: '3', title: 'Ulysses' }]]);
  });

  it('lists text/csv among the acceptable types of a 415', async () => {
    const res = await request(app).post('/books').set('Content-Type', 'text/plain').send('x');
    expect(res.status).toBe(415);
    expect(res.headers['accept-post']).toContain('text/csv');
  });

  it('answers 400 when its own reader refuses a body', async () => {
    const res = await request(app).post('/books').set('Content-Type', 'text/csv').send('id,title\n3\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).detail).toBe('CSV line 2 has 1 fields, the header 2');
  });
});

describe('the packaged CsvConverter on one route, with a schema', () => {
  const Rows = z.array(z.object({ id: z.number().int(), title: z.string(), inStock: z.boolean() }));
  const received: unknown[] = [];
  const app = serve((api) => {
    api.post('/imports').body(Rows).converters((r) => r.prepend(new CsvConverter())).handle(({ body }) => {
      received.push(body);
      return body;
    });
    api.post('/elsewhere').body(Rows).handle(({ body }) => body);
  });

  it('reads CSV into the types the schema says, and writes it back as CSV', async () => {
    const res = await request(app).post('/imports').set('Content-Type', 'text/csv').set('Accept', 'text/csv').send('id,title,inStock\r\n1,"Dune, part one",true\r\n');
    expect(res.status).toBe(200);
    expect(received).toEqual([[{ id: 1, title: 'Dune, part one', inStock: true }]]);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.text).toBe('id,title,inStock\r\n1,"Dune, part one",true\r\n');
  });

  it('leaves routes without it unable to read CSV', async () => {
    const res = await request(app).post('/elsewhere').set('Content-Type', 'text/csv').send('id\r\n1\r\n');
    expect(res.status).toBe(415);
  });
});
