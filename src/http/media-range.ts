import type { MediaType } from './media-type-value';

/** One media range of an Accept header with its weight and its position in the header. */
export interface MediaRange extends MediaType {
  readonly q: number;
  readonly index: number;
}
