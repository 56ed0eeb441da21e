import { type MediaTypeExpression, expressionListsTie, positiveTexts, admitsContentType, parseMediaTypeExpression } from './media-type-expression';
import type { RequestInfo } from './request-info';

/** The media types a route accepts in the request body (Content-Type). */
export class ConsumesCondition {
  static readonly EMPTY = new ConsumesCondition([]);

  private constructor(
    readonly expressions: readonly MediaTypeExpression[],
    /** Set when the route declares a body: then a request without one is matched by its Content-Type too. */
    readonly bodyRequired = false,
  ) {}

  static of(...mediaTypes: readonly string[]): ConsumesCondition {
    return ConsumesCondition.fromExpressions(mediaTypes.map(parseMediaTypeExpression));
  }

  static fromExpressions(expressions: readonly MediaTypeExpression[]): ConsumesCondition {
    return new ConsumesCondition([...expressions].sort((a, b) => b.specificity - a.specificity));
  }

  get isEmpty(): boolean {
    return this.expressions.length === 0;
  }

  /** Route-level consumes replace the router's, as in Spring. */
  combine(other: ConsumesCondition): ConsumesCondition {
    return other.isEmpty ? this : other;
  }

  /**
   * The same condition for a route that declares a body: a request without a body must match too
   * (its Content-Type, `application/octet-stream` when absent), as Spring does when the body is required.
   */
  requiringBody(): ConsumesCondition {
    return this.isEmpty || this.bodyRequired ? this : new ConsumesCondition(this.expressions, true);
  }

  /**
   * A request without a body matches (there is nothing to consume) unless the route requires one. Otherwise the narrowed
   * condition holds the expressions that admit the Content-Type; none, or an unparsable
   * Content-Type, is no match (415).
   */
  match(request: RequestInfo): ConsumesCondition | undefined {
    if (this.isEmpty || (!request.hasBody && !this.bodyRequired)) return this;
    const contentType = request.contentType;
    if (contentType === undefined) return undefined;
    const matched = this.expressions.filter((e) => admitsContentType(e, contentType));
    if (matched.length === 0) return undefined;
    return matched.length === this.expressions.length ? this : new ConsumesCondition(matched, this.bodyRequired);
  }

  /** The more specific first matching expression wins; any condition beats none. */
  compareTo(other: ConsumesCondition): number {
    if (this.isEmpty || other.isEmpty) return Number(this.isEmpty) - Number(other.isEmpty);
    return other.expressions[0]!.specificity - this.expressions[0]!.specificity;
  }

  overlaps(other: ConsumesCondition): boolean {
    return expressionListsTie(this.expressions, other.expressions);
  }

  /** The positive media types, for 415 details and `Accept-Post`/`Accept-Patch`. */
  mediaTypes(): string[] {
    return positiveTexts(this.expressions);
  }

  toString(): string {
    return this.expressions.map((e) => e.text).join(', ');
  }
}
