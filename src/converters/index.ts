/**
 * Body converters: request bodies into handler values and returned values into response bodies,
 * per media type (the spec's "Default body converters"), plus the registry that picks one.
 */
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_STRUCTURES } from './body-converter';
export type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from './body-converter';
export { BODY_KINDS, bodyKindOf, valueKindOf } from './body-kind';
export type { BodyKind, BodyKindToken, BodyTypeOf } from './body-kind';
export { Form } from './form/form';
export type { FormInit } from './form/form';
export { XmlDocument, isXmlDocument } from './xml/xml-document';
export { Feed } from 'feed';
export type { Author as FeedAuthor, Category as FeedCategory, Enclosure as FeedEnclosure, FeedOptions, Item as FeedItem } from 'feed';

export { ConverterRegistry, defaultConverters } from './converter-registry';
export { TextConverter } from './text/text-converter';
export { FormConverter } from './form/form-converter';
export { ByteArrayConverter } from './bytes/byte-array-converter';
export { JsonConverter } from './json/json-converter';
export type { JsonConverterOptions } from './json/json-converter';
export { XmlObjectConverter } from './xml/xml-object-converter';
export type { XmlObjectConverterOptions } from './xml/xml-object-converter';
export { XmlSourceConverter } from './xml/xml-source-converter';
export { AtomConverter } from './feed/atom-converter';
export { RssConverter } from './feed/rss-converter';
export { feedText } from './feed/feed-text';
export { CsvConverter, parseCsv } from './csv/csv-converter';
export type { CsvRecord } from './csv/csv-converter';

export { shapeOf } from './json-schema-shape';
export type { JsonSchemaLike, JsonSchemaObject, JsonSchemaType } from './json-schema-shape';
export { coerceToShape } from './shape-coercion';
export { DEFAULT_CHARSET, charsetOf, decodeText, encodeText, writableCharset } from './charset';
export type { DecodeOptions, EncodedText, WritableCharset } from './charset';
export { concreteWriteType, contentTypeOf, mediaTypes, supportsRead, supportsWrite } from './media-type-support';
export { malformedBody } from './malformed-body';
export type { BodyPosition } from './malformed-body';
export { assertSafeXml } from './xml/xml-safety';
export { isForbiddenKey } from './prototype-safety';
export { Multipart } from './multipart/multipart';
export { UploadedFile } from './multipart/uploaded-file';
export { MultipartConverter } from './multipart/multipart-converter';
export type { MultipartConverterOptions } from './multipart/multipart-converter';
export { DEFAULT_MULTIPART_LIMITS } from './multipart/multipart-limits';
export type { MultipartLimits, MultipartLimitName } from './multipart/multipart-limits';
export { multipartWith, isMultipartSchema } from './multipart/multipart-schema';
export type { MultipartSchema, MultipartSchemaOptions } from './multipart/multipart-schema';
export { sanitiseFilename, MAX_FILENAME_LENGTH } from './multipart/filename';
export type { StreamReadOptions } from './body-converter';
