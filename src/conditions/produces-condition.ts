import { type Acceptance, type MediaRange, compareAcceptance } from '../http/accept-header';
import { type MediaTypeExpression, expressionListsTie, positiveTexts, acceptanceOfExpression, fitsAccept, parseMediaTypeExpression } from './media-type-expression';
import type { RequestInfo } from './request-info';

/** The media types a route can produce in the response body, matched against Accept. */
export class ProducesCondition {
  static readonly EMPTY = new ProducesCondition([]);

  private constructor(readonly expressions: readonly MediaTypeExpression[]) {}

  static of(...mediaTypes: readonly string[]): ProducesCondition {
    return ProducesCondition.fromExpressions(mediaTypes.map(parseMediaTypeExpression));
  }

  /** Keeps the declared order: it is the server's preference among equally acceptable types. */
  static fromExpressions(expressions: readonly MediaTypeExpression[]): ProducesCondition {
    return new ProducesCondition(expressions);
  }

  get isEmpty(): boolean {
    return this.expressions.length === 0;
  }

  /** Route-level produces replace the router's, as in Spring. */
  combine(other: ProducesCondition): ProducesCondition {
    return other.isEmpty ? this : other;
  }

  match(request: RequestInfo): ProducesCondition | undefined {
    if (this.isEmpty) return this;
    const accept = request.accept;
    // Parsed Accept lists are shared per distinct header text (parseAccept), so the outcome is
    // remembered per list: a route is matched against the same few Accept headers again and
    // again. Weakly, so that a list the parser forgets is forgotten here too.
    const known = this.#matches.get(accept);
    if (known !== undefined) return known ?? undefined;
    const matched = this.expressions.filter((e) => fitsAccept(e, accept));
    const outcome = matched.length === 0 ? null : matched.length === this.expressions.length ? this : new ProducesCondition(matched);
    this.#matches.set(accept, outcome);
    return outcome ?? undefined;
  }

  /** {@link match}'s outcome per parsed Accept list (`null`: it does not match). */
  readonly #matches = new WeakMap<readonly MediaRange[], ProducesCondition | null>();

  /** The best weight the Accept header gives any of the (matched) produced types. */
  bestAcceptance(request: RequestInfo): Acceptance | undefined {
    let best: Acceptance | undefined;
    for (const expression of this.expressions) {
      if (expression.negated) continue;
      const acceptance = acceptanceOfExpression(expression, request.accept);
      if (acceptance !== undefined && (best === undefined || compareAcceptance(acceptance, best) < 0)) best = acceptance;
    }
    return best;
  }

  /**
   * The produces that best fits Accept wins: the higher weight, then the more specific deciding
   * range, then the range earlier in the header (as within one route), then the more specific
   * produced type. A condition beats none.
   */
  compareTo(other: ProducesCondition, request: RequestInfo): number {
    if (this.isEmpty || other.isEmpty) return Number(this.isEmpty) - Number(other.isEmpty);
    const a = this.bestAcceptance(request);
    const b = other.bestAcceptance(request);
    if (a === undefined || b === undefined) return Number(a === undefined) - Number(b === undefined);
    return (
      b.q - a.q ||
      b.specificity - a.specificity ||
      a.index - b.index ||
      Math.max(...other.expressions.map((e) => e.specificity)) - Math.max(...this.expressions.map((e) => e.specificity))
    );
  }

  /**
   * Disjoint produces (JSON on one route, XML on another) never tie in a way that matters: when
   * Accept does not decide, the route declared first is the server's preference.
   */
  overlaps(other: ProducesCondition): boolean {
    return expressionListsTie(this.expressions, other.expressions);
  }

  /** The positive media types, in declared order. */
  mediaTypes(): string[] {
    return positiveTexts(this.expressions);
  }

  toString(): string {
    return this.expressions.map((e) => e.text).join(', ');
  }
}
