import type { ProducesCondition } from '../conditions/produces-condition';
import { type MediaType, includes, parseMediaType } from '../http/media-type';
import { distinctOffers } from '../routing/route-compilation';

/** NDJSON (`application/x-ndjson`, ndjson.org) and JSON Lines (`application/jsonl`, jsonlines.org): one JSON value per line. */
export const RECORD_TYPES: readonly MediaType[] = Object.freeze([parseMediaType('application/x-ndjson'), parseMediaType('application/jsonl')]);

/** Server-sent events (WHATWG HTML section 9.2). */
export const EVENT_STREAM_TYPE: MediaType = parseMediaType('text/event-stream');

/**
 * The types a stream of values (objects, numbers, ... anything but text and bytes) can be written
 * as at a route: the record types and `text/event-stream` its produces names (ranges included:
 * `application/*` names both record types), in its order; without produces, the record types.
 * Negated produces expressions take types away. Empty when the route produces only other types:
 * a stream of values has no other representation (a JSON array would have to be held whole).
 */
export function recordStreamOffers(produces: ProducesCondition): MediaType[] {
  const candidates = [...RECORD_TYPES, EVENT_STREAM_TYPE];
  const positive = produces.expressions.filter((e) => !e.negated);
  const negated = produces.expressions.filter((e) => e.negated);
  const named = positive.length === 0 ? [...RECORD_TYPES] : positive.flatMap((e) => candidates.filter((type) => includes(e.mediaType, type)));
  return distinctOffers(named, negated);
}

/** Whether a media type is `text/event-stream`, whatever its parameters. */
export function isEventStreamType(type: MediaType): boolean {
  return type.type === EVENT_STREAM_TYPE.type && type.subtype === EVENT_STREAM_TYPE.subtype;
}
