import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** A regular expression written in the sources: where, its pattern and its flags. */
export interface RegexSource {
  /** `path:line`, the path relative to the repository. */
  readonly at: string;
  readonly pattern: string;
  readonly flags: string;
  /** A `/.../` literal, or a `RegExp(...)` call. */
  readonly kind: 'literal' | 'constructor';
}

/** The regular expressions of a set of folders: those whose pattern is known, and those built at run time. */
export interface RegexSources {
  /** The files read, relative to the repository. */
  readonly files: readonly string[];
  readonly known: readonly RegexSource[];
  /** `path:line` of each `new RegExp(...)` or `RegExp(...)` whose pattern is not a constant of its file. */
  readonly dynamic: readonly string[];
}

/**
 * Every regular expression literal and every `RegExp(...)` / `new RegExp(...)` of the TypeScript
 * files under `folders`, found by parsing them (a grep misses patterns assembled from constants).
 * A pattern built from string literals, template literals, `+`, the file's own `const` strings and
 * `[...].join(...)` of literals is evaluated as the program would; any other is listed as dynamic.
 */
export function regexSources(root: string, folders: readonly string[]): RegexSources {
  const known: RegexSource[] = [];
  const dynamic: string[] = [];
  const files = folders.flatMap((folder) => typeScriptFiles(join(root, folder)));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const constants = constantsOf(source);
    const at = (node: ts.Node): string => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const slash = node.text.lastIndexOf('/');
        known.push({ at: at(node), pattern: node.text.slice(1, slash), flags: node.text.slice(slash + 1), kind: 'literal' });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
        const [patternArgument, flagsArgument] = node.arguments ?? [];
        const pattern = patternArgument === undefined ? '' : evaluate(patternArgument, constants);
        const flags = flagsArgument === undefined ? '' : evaluate(flagsArgument, constants);
        if (pattern === undefined || flags === undefined) dynamic.push(at(node));
        else known.push({ at: at(node), pattern, flags, kind: 'constructor' });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { files: files.map((file) => relative(root, file)), known, dynamic };
}

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The initializers of a file's `const` declarations, by name; a name declared twice (in two
 * scopes) is left out, since which one a use means depends on where it is.
 */
function constantsOf(source: ts.SourceFile): Map<string, ts.Expression> {
  const constants = new Map<string, ts.Expression>();
  const declaredTwice = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const name = node.name.text;
      const constant = (node.parent.flags & ts.NodeFlags.Const) !== 0 && node.initializer !== undefined;
      if (constants.has(name) || declaredTwice.has(name) || !constant) {
        constants.delete(name);
        declaredTwice.add(name);
      } else if (node.initializer !== undefined) constants.set(name, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return constants;
}

/** The string an expression always evaluates to, or `undefined` when it depends on run time. */
function evaluate(node: ts.Expression, constants: ReadonlyMap<string, ts.Expression>, depth = 0): string | undefined {
  if (depth > 20) return undefined;
  const inner = (expression: ts.Expression): string | undefined => evaluate(expression, constants, depth + 1);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return inner(node.expression);
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const value = inner(span.expression);
      if (value === undefined) return undefined;
      text += value + span.literal.text;
    }
    return text;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = inner(node.left);
    const right = inner(node.right);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (ts.isIdentifier(node)) {
    const initializer = constants.get(node.text);
    return initializer === undefined ? undefined : inner(initializer);
  }
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'join') {
    const items = literalArray(node.expression.expression, constants);
    const separator = node.arguments[0] === undefined ? ',' : inner(node.arguments[0]);
    if (items === undefined || separator === undefined) return undefined;
    const values = items.map(inner);
    return values.every((value): value is string => value !== undefined) ? values.join(separator) : undefined;
  }
  return undefined;
}

function literalArray(node: ts.Expression, constants: ReadonlyMap<string, ts.Expression>): readonly ts.Expression[] | undefined {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return literalArray(node.expression, constants);
  if (ts.isArrayLiteralExpression(node)) return node.elements.every((element) => !ts.isSpreadElement(element)) ? node.elements : undefined;
  if (ts.isIdentifier(node)) {
    const initializer = constants.get(node.text);
    return initializer === undefined ? undefined : literalArray(initializer, constants);
  }
  return undefined;
}
