/**
 * Counts the work a piece of code does on strings, in character visits, so that tests can show it
 * grows linearly with its input without timing anything. While `work` runs, the string methods
 * parsers read text with are wrapped: `charCodeAt`, `charAt`, `codePointAt` and `at` count one
 * visit; `indexOf`, `lastIndexOf`, `includes` and `startsWith` count the characters they pass over;
 * `slice`, `substring` and `substr` count the characters they copy. A loop that rereads the rest of
 * its input at every step shows up as visits growing with the square of the input. What a regular
 * expression does inside the engine is not seen here: every regular expression of the sources is
 * checked by a ReDoS checker instead (__tests__/security/regex-redos.test.ts).
 */
export async function countCharacterVisits<T>(work: () => T | Promise<T>): Promise<{ result: T | Error; visits: number }> {
  let visits = 0;
  const proto = String.prototype as unknown as Record<string, (this: string, ...args: unknown[]) => unknown>;
  const originals = new Map<string, (this: string, ...args: unknown[]) => unknown>();
  const wrap = (name: string, cost: (text: string, args: unknown[], result: unknown) => number): void => {
    const original = proto[name]!;
    originals.set(name, original);
    proto[name] = function counted(this: string, ...args: unknown[]): unknown {
      const result = original.apply(this, args);
      visits += cost(String(this), args, result);
      return result;
    };
  };
  const from = (args: unknown[], index: number, fallback: number): number => (typeof args[index] === 'number' ? Math.max(0, args[index] as number) : fallback);
  for (const name of ['charCodeAt', 'charAt', 'codePointAt', 'at']) wrap(name, () => 1);
  wrap('indexOf', (text, args, result) => ((result as number) === -1 ? text.length : (result as number) + String(args[0]).length) - from(args, 1, 0));
  wrap('lastIndexOf', (text, args, result) => Math.min(text.length, from(args, 1, text.length) + 1) - Math.max(0, result as number));
  wrap('includes', (text, args) => text.length - from(args, 1, 0));
  wrap('startsWith', (_text, args) => String(args[0]).length);
  for (const name of ['slice', 'substring', 'substr']) wrap(name, (_text, _args, result) => (result as string).length);
  let result: T | Error;
  try {
    result = await work();
  } catch (error) {
    result = error instanceof Error ? error : new Error(String(error));
  } finally {
    for (const [name, original] of originals) proto[name] = original;
  }
  return { result, visits };
}
