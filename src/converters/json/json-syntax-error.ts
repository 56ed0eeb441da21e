/** Where and why a JSON text breaks the grammar of RFC 8259. */
export interface JsonSyntaxError {
  readonly offset: number;
  readonly reason: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Finds the first syntax error in a JSON text (RFC 8259 section 2), or `undefined` when it is valid.
 * Used only after `JSON.parse` has failed: V8's messages do not always give a position, and some
 * quote the whole body back, which a problem detail should not.
 * Recursion is bounded because the depth limit is checked before parsing.
 */
export function locateJsonError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const fail = (reason: string): never => {
    throw { offset: i, reason } satisfies JsonSyntaxError;
  };
  const describe = (): string => (i >= text.length ? 'the end of the body' : `'${text[i]}'`);
  const ws = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const literal = (word: string): void => {
    for (const expected of word) {
      if (text[i] !== expected) fail(`unexpected ${describe()} in '${word}'`);
      i++;
    }
  };
  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) return void i++;
      if (c < 0x20) fail('unescaped control character in string');
      if (c === 0x5c) {
        i++;
        const e = text[i];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('invalid \\u escape');
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail(`invalid escape ${describe()}`);
      } else i++;
    }
  };
  const number = (): void => {
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail(`unexpected ${describe()} in a number`);
    i = NUMBER.lastIndex;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') object();
    else if (c === '[') array();
    else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else fail(`unexpected ${describe()}, expected a value`);
    ws();
  };
  const object = (): void => {
    i++;
    ws();
    if (text[i] === '}') return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') fail(`unexpected ${describe()}, expected a property name`);
      string();
      ws();
      if (text[i] !== ':') fail(`unexpected ${describe()}, expected ':' after a property name`);
      i++;
      value();
      if (text[i] === ',') i++;
      else if (text[i] === '}') return void i++;
      else fail(`unexpected ${describe()}, expected ',' or '}'`);
    }
  };
  const array = (): void => {
    i++;
    ws();
    if (text[i] === ']') return void i++;
    for (;;) {
      value();
      if (text[i] === ',') i++;
      else if (text[i] === ']') return void i++;
      else fail(`unexpected ${describe()}, expected ',' or ']'`);
    }
  };
  try {
    if (text.trim() === '') fail('it is empty');
    value();
    if (i < text.length) fail(`unexpected ${describe()} after the JSON value`);
    return undefined;
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'reason' in error) return error as JsonSyntaxError;
    throw error;
  }
}
