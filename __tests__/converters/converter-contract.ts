import { essence, parseMediaType, type MediaType, isConcrete } from '../../src/http/media-type';
import { BODY_KINDS, DEFAULT_MAX_DEPTH, type BodyConverter, type BodyKind, type JsonSchemaLike } from '../../src/converters';

/** One value a converter must round-trip. */
export interface ContractSample {
  readonly kind: BodyKind;
  readonly value: unknown;
  /** Concrete media types to round-trip through; the converter's concrete supported types by default. */
  readonly mediaTypes?: readonly string[];
  readonly shape?: JsonSchemaLike;
  /**
   * The kind the written body is read back as, when the converter writes this kind but reads
   * another (a string written as JSON is read back as a JSON value); the sample's kind by default.
   */
  readonly readAs?: BodyKind;
  /** How a read value is compared with the written one; `toEqual` by default. */
  readonly expectSame?: (read: unknown, written: unknown) => void;
}

export interface ContractOptions {
  readonly converter: BodyConverter;
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
 * handle, and the shape of what `write` answers.
 */
export function runConverterContract({ converter, samples, unsupportedMediaType, unwritable = [], readOnlyKinds = [] }: ContractOptions): void {
  const handled = new Set(samples.map((sample) => sample.kind));
  const concreteSupported = converter.supportedMediaTypes.filter(isConcrete).map((type) => `${type.type}/${type.subtype}`);
  // Every supported type, ranges included: a range stands for a made-up member of it.
  const everySupported = converter.supportedMediaTypes.map(exampleOf);

  describe(`${converter.name} converter: the BodyConverter contract`, () => {
    it('has a name and declares its media types', () => {
      expect(converter.name).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(converter.supportedMediaTypes.length).toBeGreaterThan(0);
    });

    for (const [index, sample] of samples.entries()) {
      const types = sample.mediaTypes ?? everySupported;
      for (const type of types) {
        it(`round-trips ${sample.kind} sample ${index + 1} through ${type}`, async () => {
          const mediaType = parseMediaType(type);
          expect(converter.canWrite(sample.kind, mediaType)).toBe(true);
          const written = await converter.write(sample.value, { mediaType });
          expect(Buffer.isBuffer(written.body)).toBe(true);
          const contentType = parseMediaType(written.contentType);
          expect(essence(contentType)).toBe(essence(mediaType));
          const readAs = sample.readAs ?? sample.kind;
          expect(converter.canRead(readAs, contentType)).toBe(true);
          const read = await converter.read(written.body, {
            mediaType: contentType,
            kind: readAs,
            maxDepth: DEFAULT_MAX_DEPTH,
            ...(sample.shape === undefined ? {} : { shape: sample.shape }),
          });
          if (sample.expectSame === undefined) expect(read).toEqual(sample.value);
          else sample.expectSame(read, sample.value);
        });
      }
    }

    it('writes a wildcard as one of its own concrete types', async () => {
      const sample = samples[0]!;
      expect(converter.canWrite(sample.kind, ANY)).toBe(true);
      const written = await converter.write(sample.value, { mediaType: ANY });
      const contentType = parseMediaType(written.contentType);
      expect(isConcrete(contentType)).toBe(true);
      expect(converter.canRead(sample.kind, contentType)).toBe(true);
    });

    it('labels textual bodies with the charset it wrote', async () => {
      for (const sample of samples) {
        const written = await converter.write(sample.value, { mediaType: parseMediaType((sample.mediaTypes ?? concreteSupported)[0]!) });
        const contentType = parseMediaType(written.contentType);
        if (contentType.parameters['charset'] !== undefined) expect(contentType.parameters['charset']).toMatch(/^[a-z0-9-]+$/);
      }
    });

    const refused = BODY_KINDS.filter((kind) => !handled.has(kind));
    if (refused.length > 0) {
      it(`refuses the kinds it does not handle (${refused.join(', ')})`, () => {
        const types: MediaType[] = [...converter.supportedMediaTypes, ANY];
        for (const kind of refused) {
          for (const type of types) {
            if (!readOnlyKinds.includes(kind)) expect([kind, type, converter.canRead(kind, type)]).toEqual([kind, type, false]);
            expect([kind, type, converter.canWrite(kind, type)]).toEqual([kind, type, false]);
          }
        }
      });
    }

    if (unsupportedMediaType !== undefined) {
      it(`refuses ${unsupportedMediaType}`, () => {
        const type = parseMediaType(unsupportedMediaType);
        for (const kind of handled) {
          expect(converter.canRead(kind, type)).toBe(false);
          expect(converter.canWrite(kind, type)).toBe(false);
        }
      });
    }

    if (unwritable.length > 0) {
      it('refuses values it cannot write with a TypeError, thrown or as a rejection', async () => {
        const mediaType = parseMediaType(concreteSupported[0] ?? 'application/octet-stream');
        for (const value of unwritable) await expect(Promise.resolve().then(() => converter.write(value, { mediaType }))).rejects.toBeInstanceOf(TypeError);
      });
    }
  });
}
