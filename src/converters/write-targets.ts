import type { MediaType } from '../http/media-type';
import { charsetOf } from './charset';
import { concreteWriteType, contentTypeOf } from './media-type-support';

/**
 * What a converter writes for one negotiated media type: the concrete type (a range such as
 * `application/*` becomes the first supported type it includes), the charset it asks for, and the
 * Content-Type text per charset actually used (RFC 9110 section 8.3: the `charset` parameter names
 * the bytes sent).
 */
export class WriteTarget {
  /** The `charset` parameter of the type, lower-cased, or `undefined` when it names none. */
  readonly charset: string | undefined;
  readonly #contentTypes = new Map<string, string>();

  constructor(readonly mediaType: MediaType) {
    this.charset = charsetOf(mediaType);
  }

  /** The Content-Type of a body written in `charset`, formatted once per charset. */
  contentType(charset: string): string {
    let text = this.#contentTypes.get(charset);
    if (text === undefined) this.#contentTypes.set(charset, (text = contentTypeOf(this.mediaType, charset)));
    return text;
  }
}

/**
 * A converter's {@link WriteTarget}s, one per negotiated media type object. A route's negotiation
 * answers the same objects request after request, so a write formats no header text and resolves
 * no range once the route has answered once; a type parsed per request is held no longer than
 * the request holds it (a WeakMap).
 */
export class WriteTargets {
  readonly #targets = new WeakMap<MediaType, WriteTarget>();

  constructor(private readonly supported: readonly MediaType[]) {}

  /** The target for `wanted`; throws, as `concreteWriteType` does, when no supported type fits it. */
  of(wanted: MediaType): WriteTarget {
    let target = this.#targets.get(wanted);
    if (target === undefined) this.#targets.set(wanted, (target = new WriteTarget(concreteWriteType(this.supported, wanted))));
    return target;
  }
}
