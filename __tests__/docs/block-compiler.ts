import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './markdown-blocks';

export const ROOT = join(__dirname, '..', '..');

/**
 * The package's public entry points, from package.json `exports`, each mapped to the source file its
 * types are built from (`./dist/types/src/entries/cache.d.ts` comes from `src/entries/cache.ts`):
 * a block imports `express-represent/cache` as a user does, and gets the source.
 */
export function publicEntries(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types?: string }>;
  };
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === 'string' || target.types === undefined) continue;
    const name = subpath === '.' ? 'express-represent' : `express-represent/${subpath.slice(2)}`;
    entries.set(name, join(ROOT, target.types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts')));
  }
  return entries;
}

/** The module a block becomes: hidden prelude, the block, hidden postlude; always a module. */
export function moduleSource(block: CodeBlock): string {
  return `${block.prelude}\n${block.code}\n${block.postlude}\nexport {};\n`;
}

/** Where a block's module is kept for the compiler: beside the repository's files, so node_modules resolves. */
export function modulePath(block: CodeBlock, index: number): string {
  return join(ROOT, '__doc_blocks__', `${block.file.replace(/[^\w]/g, '_')}_${block.line}_${index}.ts`);
}

/** The page line a line of the block's module comes from; the directive comment for hidden code. */
function pageLine(block: CodeBlock, moduleLine: number): string {
  const preludeLines = block.prelude.split('\n').length;
  const codeLines = block.code.split('\n').length;
  if (moduleLine < preludeLines) return `${block.file}:${block.line} (its prelude, line ${moduleLine + 1})`;
  if (moduleLine < preludeLines + codeLines) return `${block.file}:${block.line + 1 + moduleLine - preludeLines}`;
  return `${block.file}:${block.line} (its postlude)`;
}

/**
 * The compiler options a block is checked with: the repository's strict settings, modules as a
 * bundler or a modern node resolves them (top-level await allowed), the public entry points mapped
 * to their sources.
 */
function compilerOptions(): ts.CompilerOptions {
  const paths: Record<string, string[]> = {};
  for (const [name, file] of publicEntries()) paths[name] = [file];
  return {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    esModuleInterop: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    types: ['node', 'jest'],
    typeRoots: [join(ROOT, 'node_modules', '@types')],
    baseUrl: ROOT,
    paths,
    noEmit: true,
  };
}

/**
 * Type-checks every TypeScript block at once, each as its own module, against the public API.
 * Answers the errors of each block (by its index in `blocks`), with the page line each comes from.
 */
export function typeCheck(blocks: readonly CodeBlock[]): Map<number, string[]> {
  const options = compilerOptions();
  const sources = new Map(blocks.map((block, index) => [modulePath(block, index), { block, index, text: moduleSource(block) }]));
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const source = sources.get(fileName);
    return source === undefined ? getSourceFile(fileName, languageVersion, ...rest) : ts.createSourceFile(fileName, source.text, languageVersion, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => sources.has(fileName) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => sources.get(fileName)?.text ?? readFile(fileName);
  const program = ts.createProgram([...sources.keys()], options, host);
  const errors = new Map<number, string[]>();
  for (const [fileName, { block, index }] of sources) {
    const file = program.getSourceFile(fileName)!;
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    const messages = diagnostics.map((d) => {
      const where = d.start === undefined ? block.file : pageLine(block, file.getLineAndCharacterOfPosition(d.start).line);
      return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    if (messages.length > 0) errors.set(index, messages);
  }
  return errors;
}

/** A block's module as CommonJS, to run. */
export function transpile(block: CodeBlock): string {
  return ts.transpileModule(moduleSource(block), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
}
