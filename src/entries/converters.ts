/**
 * `express-represent/converters`: the converter registry, the built-in body converters, and the helpers a
 * custom converter is written with.
 * @packageDocumentation
 * @module express-represent/converters
 */
export {
  ConverterRegistry,
  defaultConverters,
  TextConverter,
  FormConverter,
  ByteArrayConverter,
  JsonConverter,
  XmlObjectConverter,
  XmlSourceConverter,
  AtomConverter,
  RssConverter,
  CsvConverter,
  MultipartConverter,
  DEFAULT_MULTIPART_LIMITS,
  sanitiseFilename,
  bodyKindOf,
  valueKindOf,
  shapeOf,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_STRUCTURES,
  mediaTypes,
  supportsRead,
  supportsWrite,
  concreteWriteType,
  contentTypeOf,
  charsetOf,
  decodeText,
  encodeText,
  malformedBody,
} from '../converters';
export type {
  BodyConverter,
  BodyKind,
  ReadOptions,
  StreamReadOptions,
  MultipartConverterOptions,
  MultipartLimits,
  MultipartLimitName,
  WriteOptions,
  WrittenBody,
  JsonConverterOptions,
  XmlObjectConverterOptions,
  CsvRecord,
  JsonSchemaLike,
  JsonSchemaObject,
  JsonSchemaType,
  BodyPosition,
  DecodeOptions,
  EncodedText,
  WritableCharset,
} from '../converters';
export { parseMediaType, formatMediaType, type MediaType } from '../http/media-type';
