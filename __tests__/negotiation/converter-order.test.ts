import request from 'supertest';
import {
  type BodyConverter,
  type BodyKind,
  ConverterRegistry,
  JsonConverter,
  type MediaType,
  type ReadOptions,
  type WriteOptions,
  type WrittenBody,
  defaultConverters,
  parseMediaType,
} from '../../src/entries/converters';
import { serve } from '../setup/negotiation-fixture';

/** A JSON converter that signs what it reads and writes with its name, so a test can see which one ran. */
class SigningJsonConverter implements BodyConverter {
  readonly supportedMediaTypes: readonly MediaType[] = [parseMediaType('application/json')];
  readonly #json = new JsonConverter();

  constructor(readonly name: string) {}

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return this.#json.canRead(kind, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'object' && mediaType.type !== '*' && this.#json.canWrite(kind, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<unknown> {
    return { ...(await this.#json.read(body, options) as object), readBy: this.name };
  }

  async write(value: unknown, options: WriteOptions): Promise<WrittenBody> {
    return this.#json.write({ ...(value as object), writtenBy: this.name }, options);
  }
}

const first = new SigningJsonConverter('first');
const second = new SigningJsonConverter('second');

function echoApp(converters: ConverterRegistry | ((defaults: ConverterRegistry) => ConverterRegistry)) {
  return serve((api) => api.post('/echo').body(Object).handle(({ body }) => body), { converters });
}

async function echo(app: ReturnType<typeof echoApp>): Promise<Record<string, unknown>> {
  const res = await request(app).post('/echo').set('Content-Type', 'application/json').set('Accept', 'application/json').send('{"a":1}');
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
}

describe('converter order', () => {
  describe('for the whole router', () => {
    it('lets the earlier of two converters that both fit read and write', async () => {
      expect(await echo(echoApp(new ConverterRegistry([first, second])))).toEqual({ a: 1, readBy: 'first', writtenBy: 'first' });
    });

    it('lets the other one win once they are reordered', async () => {
      expect(await echo(echoApp(new ConverterRegistry([second, first])))).toEqual({ a: 1, readBy: 'second', writtenBy: 'second' });
    });

    it('puts a prepended converter before the default JSON converter', async () => {
      expect(await echo(echoApp((defaults) => defaults.prepend(first)))).toEqual({ a: 1, readBy: 'first', writtenBy: 'first' });
    });

    it('tries an appended converter only after the defaults: the default JSON converter wins', async () => {
      expect(await echo(echoApp((defaults) => defaults.append(first)))).toEqual({ a: 1 });
    });

    it('uses a replacement in the place of the converter it replaces', async () => {
      expect(await echo(echoApp((defaults) => defaults.replace('json', second)))).toEqual({ a: 1, readBy: 'second', writtenBy: 'second' });
      expect(await echo(echoApp((defaults) => defaults.replace('json', second).prepend(first)))).toEqual({ a: 1, readBy: 'first', writtenBy: 'first' });
    });

    it('answers 415 and 406 for the types of a removed converter', async () => {
      const app = echoApp((defaults) => defaults.remove('xml-object'));
      const read = await request(app).post('/echo').set('Content-Type', 'application/xml').send('<a>1</a>');
      expect(read.status).toBe(415);
      expect(read.headers['accept-post']).toBe('application/json, application/*+json');
      const write = await request(app).post('/echo').set('Content-Type', 'application/json').set('Accept', 'application/xml').send('{}');
      expect(write.status).toBe(406);
      expect(write.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
      expect(write.text).toContain('<available><i>application/json</i></available>');
    });
  });

  describe('for one route', () => {
    const app = serve(
      (api) => {
        api.post('/router-order').body(Object).handle(({ body }) => body);
        api.post('/prepended').body(Object).converters((r) => r.prepend(second)).handle(({ body }) => body);
        api.post('/replaced').body(Object).converters((r) => r.replace('first', second)).handle(({ body }) => body);
        api.post('/removed').body(Object).converters((r) => r.remove('first')).handle(({ body }) => body);
        api.post('/defaults').body(Object).converters(() => defaultConverters()).handle(({ body }) => body);
      },
      { converters: (defaults) => defaults.prepend(first) },
    );

    async function post(path: string): Promise<unknown> {
      const res = await request(app).post(path).set('Content-Type', 'application/json').send('{"a":1}');
      expect(res.status).toBe(200);
      return res.body;
    }

    it('starts from the router\'s converters', async () => {
      expect(await post('/router-order')).toEqual({ a: 1, readBy: 'first', writtenBy: 'first' });
    });

    it('lets a route put another converter first', async () => {
      expect(await post('/prepended')).toEqual({ a: 1, readBy: 'second', writtenBy: 'second' });
    });

    it('lets a route replace and remove the router\'s converters', async () => {
      expect(await post('/replaced')).toEqual({ a: 1, readBy: 'second', writtenBy: 'second' });
      expect(await post('/removed')).toEqual({ a: 1 });
      expect(await post('/defaults')).toEqual({ a: 1 });
    });

    it('leaves the other routes alone', async () => {
      await post('/prepended');
      expect(await post('/router-order')).toEqual({ a: 1, readBy: 'first', writtenBy: 'first' });
    });
  });
});
