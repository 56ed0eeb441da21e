/**
 * A params or headers condition expression: `name` (present), `!name` (absent), `name=value`
 * and `name!=value`. Parsed once, when the route is declared.
 */
export interface NameValueExpression {
  readonly name: string;
  readonly value: string | undefined;
  readonly negated: boolean;
  readonly text: string;
}

/** Thrown for an expression that does not parse. */
export class ConditionSyntaxError extends Error {
  constructor(expression: string, reason: string) {
    super(`Invalid condition '${expression}': ${reason}`);
    this.name = 'ConditionSyntaxError';
  }
}

/** Parses a name-value expression. Header names are lower-cased (they are case-insensitive). */
export function parseNameValueExpression(text: string, caseInsensitiveName: boolean): NameValueExpression {
  if (typeof text !== 'string') throw new ConditionSyntaxError(String(text), 'an expression must be a string');
  const trimmed = text.trim();
  let name: string;
  let value: string | undefined;
  let negated = false;
  const notEquals = trimmed.indexOf('!=');
  const equals = trimmed.indexOf('=');
  if (notEquals !== -1 && notEquals < equals) {
    name = trimmed.slice(0, notEquals).trim();
    value = trimmed.slice(notEquals + 2).trim();
    negated = true;
  } else if (equals !== -1) {
    name = trimmed.slice(0, equals).trim();
    value = trimmed.slice(equals + 1).trim();
  } else if (trimmed.startsWith('!')) {
    name = trimmed.slice(1).trim();
    negated = true;
  } else {
    name = trimmed;
  }
  if (name === '' || /[\s!=]/.test(name)) throw new ConditionSyntaxError(text, 'expected name, !name, name=value or name!=value');
  return { name: caseInsensitiveName ? name.toLowerCase() : name, value, negated, text: trimmed };
}

/**
 * Whether an expression holds for the values a request has under its name (none: `undefined`; a
 * single value may be given as itself, a header sent once, with no array made for it).
 */
export function expressionHolds(expression: NameValueExpression, values: string | readonly string[] | undefined): boolean {
  const present = values !== undefined;
  if (expression.value === undefined) return present !== expression.negated;
  const equal = present && (typeof values === 'string' ? values === expression.value : values.includes(expression.value));
  return equal !== expression.negated;
}

/**
 * Whether two expressions can hold together for some request. `mode=fast` and `mode=slow` are
 * treated as disjoint, although a request may repeat a parameter: that is the rare case, and a
 * runtime tie between such routes falls back to declaration order.
 */
export function expressionsCompatible(a: NameValueExpression, b: NameValueExpression): boolean {
  if (a.name !== b.name) return true;
  const requiresAbsence = (e: NameValueExpression): boolean => e.negated && e.value === undefined;
  const requiresPresence = (e: NameValueExpression): boolean => !e.negated;
  if ((requiresAbsence(a) && requiresPresence(b)) || (requiresAbsence(b) && requiresPresence(a))) return false;
  if (requiresPresence(a) && requiresPresence(b) && a.value !== undefined && b.value !== undefined) return a.value === b.value;
  if (a.value !== undefined && b.value !== undefined && a.negated !== b.negated) return a.value !== b.value;
  return true;
}
