import { FORBIDDEN_KEY_NAMES } from '../prototype-safety';

/** What one pass of {@link scanJsonNesting} over a JSON text found. */
export interface NestingScan {
  /** The limit the text passed (`depth` or `structures`), or `undefined` when it keeps within both. */
  readonly exceeded: 'depth' | 'structures' | undefined;
  /** The offset of the `[` or `{` that passed it; -1 when none did. */
  readonly offset: number;
  /** The structures (each `[` and `{` outside strings) counted: every one of the text's when none passed a limit. */
  readonly structures: number;
}

/**
 * Finds the first `[` or `{` that opens a level deeper than `maxDepth` or a structure beyond
 * `maxStructures`. One pass over the text that skips string contents; it runs before `JSON.parse`,
 * so a body such as a megabyte of `[` or of `[[],[],...]` is refused without building anything.
 * A string's end is found with `indexOf`: most of a large JSON body is string contents, skipped
 * without a step of JavaScript per character. (No regular expression: V8 would keep the last text
 * one matched alive.) An unterminated string ends the scan: `JSON.parse` refuses the text.
 */
export function scanJsonNesting(text: string, maxDepth: number, maxStructures: number): NestingScan {
  let depth = 0;
  let structures = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = stringEnd(text, i);
      if (i === -1) break;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return { exceeded: 'depth', offset: i, structures };
      if (++structures > maxStructures) return { exceeded: 'structures', offset: i, structures: structures - 1 };
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return { exceeded: undefined, offset: -1, structures };
}

/**
 * The offset of the quote that closes the string opened at `open`, or -1. A quote is escaped when
 * an odd number of backslashes precede it (escapes pair up from the start of the string).
 */
function stringEnd(text: string, open: number): number {
  for (let from = open + 1; ; ) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return -1;
    let backslashes = 0;
    for (let k = quote - 1; k > open && text.charCodeAt(k) === 0x5c; k--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/**
 * A JSON string that `JSON.parse` reads as a forbidden key, in any spelling: each character as
 * itself or as a `\uXXXX` escape (RFC 8259 section 7; the hex digits in either case). The only
 * escapes that give a letter or `_` are `\u` ones, so nothing else can spell one.
 */
const FORBIDDEN_SPELLING = new RegExp(`"(?:${FORBIDDEN_KEY_NAMES.map((name) => [...name].map(spellings).join('')).join('|')})"`);

/** A character, or its `\u00XX` escape with the hex digits in either case. */
function spellings(character: string): string {
  const hex = character.charCodeAt(0).toString(16).padStart(2, '0');
  const digits = [...hex].map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit)).join('');
  return `(?:${character}|\\\\u00${digits})`;
}

/**
 * Whether the text might hold a forbidden key, so that the parsed value must be walked for one.
 * Only a string spelling one exactly counts: a `\u` escape elsewhere (`"caf\u00e9"`) or the word
 * in a value (`"a constructor"`) does not, so an ordinary body pays one search of its text.
 */
export function mayContainForbiddenKey(text: string): boolean {
  return FORBIDDEN_SPELLING.test(text);
}
