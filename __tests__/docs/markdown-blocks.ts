/**
 * The code blocks of a Markdown page, with the hidden directives written before them.
 *
 * The convention (docs/guide/README.md, "How the code on these pages is tested"):
 * - a fenced block names its language: `ts` (compiled and run), `http` (a transcript replayed against
 *   the app of the TypeScript block above it), `sh` (commands, checked and listed as not run),
 *   `json` (must parse), `text` (shown only);
 * - `<!-- snippet NAME` ... `-->` anywhere on a page defines hidden code that blocks below can use;
 * - comments right before a block (nothing but blank lines between) are its directives:
 *   `<!-- prelude: NAME, ... -->` or `<!-- prelude` CODE `-->` (hidden code placed before the block),
 *   `<!-- postlude: NAME -->` or `<!-- postlude` CODE `-->` (hidden code placed after it),
 *   `<!-- not run: REASON -->` (a TypeScript block that is only type-checked).
 */

/** One fenced block of a page. */
export interface CodeBlock {
  /** The page, relative to the repository root. */
  readonly file: string;
  /** The line of the opening fence, 1-based. */
  readonly line: number;
  /** The fence's language, lower case; empty when it names none. */
  readonly language: string;
  /** The block's text, without the fences. */
  readonly code: string;
  /** Hidden code placed before the block (snippets first, in the order named). */
  readonly prelude: string;
  /** Hidden code placed after the block. */
  readonly postlude: string;
  /** Why a TypeScript block is type-checked but not run; undefined when it runs. */
  readonly notRun: string | undefined;
}

interface Directives {
  prelude: string[];
  postlude: string[];
  notRun: string | undefined;
}

const FENCE = /^\s{0,3}```\s*([\w+-]*)\s*$/;

/** Reads one directive comment's text (without `<!--` and `-->`) into the block's pending directives. */
function readDirective(comment: string, snippets: Map<string, string>, pending: Directives, where: string): void {
  const [first = '', ...rest] = comment.split('\n');
  const head = first.trim();
  const body = rest.join('\n').trimEnd();
  const snippet = /^snippet\s+([\w-]+)$/.exec(head);
  if (snippet !== null) {
    snippets.set(snippet[1]!, body);
    return;
  }
  const hidden = /^(prelude|postlude)(?::\s*(.+))?$/.exec(head);
  if (hidden !== null) {
    const target = hidden[1] === 'prelude' ? pending.prelude : pending.postlude;
    if (hidden[2] === undefined) target.push(body);
    else {
      for (const name of hidden[2].split(',').map((n) => n.trim())) {
        const code = snippets.get(name);
        if (code === undefined) throw new Error(`${where}: no snippet '${name}' is defined above`);
        target.push(code);
      }
    }
    return;
  }
  const notRun = /^not run:\s*(.+)$/.exec(head);
  if (notRun !== null) {
    pending.notRun = notRun[1]!.trim();
    return;
  }
  // Any other comment is prose for the page's editors: it separates nothing and directs nothing.
}

/** The fenced blocks of `markdown` (the page `file`), with their directives resolved. */
export function blocksOf(markdown: string, file: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const snippets = new Map<string, string>();
  const blocks: CodeBlock[] = [];
  let pending: Directives = { prelude: [], postlude: [], notRun: undefined };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trimStart().startsWith('<!--')) {
      const start = i;
      let text = line.trimStart().slice(4);
      while (!text.includes('-->')) {
        i++;
        if (i >= lines.length) throw new Error(`${file}:${start + 1}: a comment is never closed`);
        text += `\n${lines[i]}`;
      }
      readDirective(text.slice(0, text.indexOf('-->')).replace(/^ /, ''), snippets, pending, `${file}:${start + 1}`);
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence !== null) {
      const start = i;
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s{0,3}```\s*$/.test(lines[i]!); i++) code.push(lines[i]!);
      if (i >= lines.length) throw new Error(`${file}:${start + 1}: a code block is never closed`);
      blocks.push({
        file,
        line: start + 1,
        language: fence[1]!.toLowerCase(),
        code: code.join('\n'),
        prelude: pending.prelude.join('\n'),
        postlude: pending.postlude.join('\n'),
        notRun: pending.notRun,
      });
      pending = { prelude: [], postlude: [], notRun: undefined };
      continue;
    }
    // Directives belong to the block right below them: one that prose separates from it is a mistake.
    const orphaned = pending.prelude.length + pending.postlude.length > 0 || pending.notRun !== undefined;
    if (line.trim() !== '' && orphaned) throw new Error(`${file}:${i + 1}: a prelude, postlude or not-run comment is not followed by a code block`);
  }
  return blocks;
}
