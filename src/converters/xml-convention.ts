/**
 * The names of the object convention between values and XML (see `XmlObjectConverter`), shared by
 * its readers and writers.
 */

/** The namespace of `xsi:nil`, which marks a `null` (XML Schema Part 1, section 2.6.2). */
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** Where the text of an element that also has attributes or child elements goes. */
export const TEXT_KEY = 'value';

/** The element name of each item of an array that has no field name: the root's, or an inner array's. */
export const ITEM_NAME = 'item';
