import { deepStrictEqual, match, ok, rejects, strictEqual } from 'node:assert/strict';
import { BODY_KINDS, DEFAULT_MAX_DEPTH, type BodyConverter, type BodyKind, type JsonSchemaLike } from '../src/converters';
import { essence, isConcrete, type MediaType, parseMediaType } from '../src/http/media-type';
import { type TestApi, testApi } from './test-api';

/** One value a converter must round-trip. */
export interface ContractSample {
  /** The body kind the value is of, as a route's body token would give it. */
  readonly kind: BodyKind;
  /** A value the converter must write and read back equal. */
  readonly value: unknown;
  /** Concrete media types to round-trip through; the converter's concrete supported types by default. */
  readonly mediaTypes?: readonly string[];
  /** The JSON Schema the value is read back with, for converters that coerce text by shape (form, XML). */
  readonly shape?: JsonSchemaLike;
  /**
   * The kind the written body is read back as, when the converter writes this kind but reads
   * another (a string written as JSON is read back as a JSON value); the sample's kind by default.
   */
  readonly readAs?: BodyKind;
  /** How a read value is compared with the written one (throw when they differ); deep strict equality by default. */
  readonly expectSame?: (read: unknown, written: unknown) => void;
}

/** What a body converter implementation hands to the shared contract. */
export interface ConverterContractOptions {
  /** The converter under test. */
  readonly converter: BodyConverter;
  /** Values it must round-trip, at least one per kind it handles. */
  readonly samples: readonly ContractSample[];
  /** A media type the converter must refuse, if there is one (a `*` + `/*` converter has none). */
  readonly unsupportedMediaType?: string;
  /** Values of a handled kind that the converter cannot write (it must reject, not write garbage). */
  readonly unwritable?: readonly unknown[];
  /** Kinds the converter reads but never writes (a form read into a schema's object). */
  readonly readOnlyKinds?: readonly BodyKind[];
}

const ANY = parseMediaType('*/*');

/** A concrete media type a (possibly ranged) supported type includes: `text/*` → `text/x-contract`. */
function exampleOf(type: MediaType): string {
  const major = type.type === '*' ? 'application' : type.type;
  const minor = type.subtype === '*' ? 'x-contract' : type.subtype.startsWith('*+') ? `x-contract${type.subtype.slice(1)}` : type.subtype;
  return `${major}/${minor}`;
}

/**
 * The shared conformance suite every body converter runs (after Hono's `runTest({ newRouter })`):
 * round trips of its kinds through each supported media type, refusal of the kinds it does not
 * handle, and the shape of what `write` answers. A custom converter runs it to show it can sit in
 * the registry beside the built-in ones.
 */
export function runConverterContract(
  { converter, samples, unsupportedMediaType, unwritable = [], readOnlyKinds = [] }: ConverterContractOptions,
  api?: TestApi,
): void {
  const { describe, it } = testApi(api);
  const handled = new Set(samples.map((sample) => sample.kind));
  const concreteSupported = converter.supportedMediaTypes.filter(isConcrete).map((type) => `${type.type}/${type.subtype}`);
  // Every supported type, ranges included: a range stands for a made-up member of it.
  const everySupported = converter.supportedMediaTypes.map(exampleOf);

  describe(`${converter.name} converter: the BodyConverter contract`, () => {
    it('has a name and declares its media types', () => {
      match(converter.name, /^[a-z][a-z0-9-]*$/);
      ok(converter.supportedMediaTypes.length > 0);
    });

    for (const [index, sample] of samples.entries()) {
      const types = sample.mediaTypes ?? everySupported;
      for (const type of types) {
        it(`round-trips ${sample.kind} sample ${index + 1} through ${type}`, async () => {
          const mediaType = parseMediaType(type);
          strictEqual(converter.canWrite(sample.kind, mediaType), true);
          const written = await converter.write(sample.value, { mediaType });
          ok(Buffer.isBuffer(written.body), 'write answers a Buffer');
          const contentType = parseMediaType(written.contentType);
          strictEqual(essence(contentType), essence(mediaType));
          const readAs = sample.readAs ?? sample.kind;
          strictEqual(converter.canRead(readAs, contentType), true);
          const read = await converter.read(written.body, {
            mediaType: contentType,
            kind: readAs,
            maxDepth: DEFAULT_MAX_DEPTH,
            ...(sample.shape === undefined ? {} : { shape: sample.shape }),
          });
          if (sample.expectSame === undefined) deepStrictEqual(read, sample.value);
          else sample.expectSame(read, sample.value);
        });
      }
    }

    it('writes a wildcard as one of its own concrete types', async () => {
      const sample = samples[0]!;
      strictEqual(converter.canWrite(sample.kind, ANY), true);
      const written = await converter.write(sample.value, { mediaType: ANY });
      const contentType = parseMediaType(written.contentType);
      strictEqual(isConcrete(contentType), true);
      strictEqual(converter.canRead(sample.kind, contentType), true);
    });

    it('labels textual bodies with the charset it wrote', async () => {
      for (const sample of samples) {
        const written = await converter.write(sample.value, { mediaType: parseMediaType((sample.mediaTypes ?? concreteSupported)[0]!) });
        const charset = parseMediaType(written.contentType).parameters['charset'];
        if (charset !== undefined) match(charset, /^[a-z0-9-]+$/);
      }
    });

    const refused = BODY_KINDS.filter((kind) => !handled.has(kind));
    if (refused.length > 0) {
      it(`refuses the kinds it does not handle (${refused.join(', ')})`, () => {
        const types: MediaType[] = [...converter.supportedMediaTypes, ANY];
        for (const kind of refused) {
          for (const type of types) {
            if (!readOnlyKinds.includes(kind)) deepStrictEqual([kind, type, converter.canRead(kind, type)], [kind, type, false]);
            deepStrictEqual([kind, type, converter.canWrite(kind, type)], [kind, type, false]);
          }
        }
      });
    }

    if (unsupportedMediaType !== undefined) {
      it(`refuses ${unsupportedMediaType}`, () => {
        const type = parseMediaType(unsupportedMediaType);
        for (const kind of handled) {
          strictEqual(converter.canRead(kind, type), false);
          strictEqual(converter.canWrite(kind, type), false);
        }
      });
    }

    if (unwritable.length > 0) {
      it('refuses values it cannot write with a TypeError, thrown or as a rejection', async () => {
        const mediaType = parseMediaType(concreteSupported[0] ?? 'application/octet-stream');
        for (const value of unwritable) await rejects(Promise.resolve().then(() => converter.write(value, { mediaType })), TypeError);
      });
    }
  });
}
