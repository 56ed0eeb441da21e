import {
  type NameValueExpression,
  expressionHolds,
  expressionsCompatible,
  parseNameValueExpression,
} from './name-value-expression';
import type { RequestInfo } from './request-info';

/**
 * The shared core of params and headers conditions: a set of name-value expressions, all of which
 * must hold. More expressions are more specific. Combining adds them up.
 */
export abstract class NameValueCondition<Self extends NameValueCondition<Self>> {
  readonly expressions: readonly NameValueExpression[];

  protected constructor(expressions: readonly NameValueExpression[]) {
    const unique = new Map<string, NameValueExpression>();
    for (const expression of expressions) {
      // `debug` (present) and `debug=` (present and empty) differ: only a given value gets the '='.
      unique.set(`${expression.negated ? '!' : ''}${expression.name}${expression.value === undefined ? '' : `=${expression.value}`}`, expression);
    }
    this.expressions = [...unique.values()];
    this.valueMatches = valueMatches(this.expressions);
  }

  /** How many expressions require a value: they rank a condition among those with as many expressions. */
  readonly valueMatches: number;

  protected abstract create(expressions: readonly NameValueExpression[]): Self;
  /** The request's values under `name`: one value as itself, several as a list, none as `undefined`. */
  protected abstract valuesOf(request: RequestInfo, name: string): string | readonly string[] | undefined;

  get isEmpty(): boolean {
    return this.expressions.length === 0;
  }

  combine(other: Self): Self {
    return this.create([...this.expressions, ...other.expressions]);
  }

  match(request: RequestInfo): Self | undefined {
    for (const expression of this.expressions) {
      if (!expressionHolds(expression, this.valuesOf(request, expression.name))) return undefined;
    }
    return this as unknown as Self;
  }

  /** The expressions a request does not satisfy (for the 400 detail). */
  unmet(request: RequestInfo): NameValueExpression[] {
    return this.expressions.filter((e) => !expressionHolds(e, this.valuesOf(request, e.name)));
  }

  /** More expressions win; then more that name a value (`mode=fast` over `mode`), as in Spring. */
  compareTo(other: Self): number {
    return other.expressions.length - this.expressions.length || other.valueMatches - this.valueMatches;
  }

  overlaps(other: Self): boolean {
    if (this.expressions.length !== other.expressions.length) return false;
    if (this.valueMatches !== other.valueMatches) return false;
    return this.expressions.every((a) => other.expressions.every((b) => expressionsCompatible(a, b)));
  }

  toString(): string {
    return this.expressions.map((e) => e.text).join(' && ');
  }
}

/** The expressions that require a value (`name=value`, not `name`, `!name` or `name!=value`). */
function valueMatches(expressions: readonly NameValueExpression[]): number {
  let count = 0;
  for (const expression of expressions) if (expression.value !== undefined && !expression.negated) count++;
  return count;
}

/** Filters requests by presence, absence or value of query parameters. */
export class ParamsCondition extends NameValueCondition<ParamsCondition> {
  static readonly EMPTY = new ParamsCondition([]);

  static of(...expressions: readonly string[]): ParamsCondition {
    return new ParamsCondition(expressions.map((e) => parseNameValueExpression(e, false)));
  }

  protected create(expressions: readonly NameValueExpression[]): ParamsCondition {
    return new ParamsCondition(expressions);
  }

  protected valuesOf(request: RequestInfo, name: string): readonly string[] | undefined {
    return request.query.get(name);
  }
}

/** Filters requests by presence, absence or value of request headers (names case-insensitive). */
export class HeadersCondition extends NameValueCondition<HeadersCondition> {
  static readonly EMPTY = new HeadersCondition([]);

  /** Parses expressions; callers move Content-Type and Accept expressions to consumes/produces first. */
  static of(...expressions: readonly string[]): HeadersCondition {
    return new HeadersCondition(expressions.map((e) => parseNameValueExpression(e, true)));
  }

  static fromExpressions(expressions: readonly NameValueExpression[]): HeadersCondition {
    return new HeadersCondition(expressions);
  }

  protected create(expressions: readonly NameValueExpression[]): HeadersCondition {
    return new HeadersCondition(expressions);
  }

  protected valuesOf(request: RequestInfo, name: string): string | readonly string[] | undefined {
    // Node's header object has a prototype: `constructor` must not read as a header.
    const value = Object.hasOwn(request.headers, name) ? request.headers[name] : undefined;
    if (value === undefined) return undefined;
    return Array.isArray(value) ? value.map((v) => v.trim()) : value.trim();
  }
}
