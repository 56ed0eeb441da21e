import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Each module of a set of folders (its path relative to the root) and the modules of the set it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * The imports between the TypeScript modules under `folders`, found by parsing each file: `import`
 * and `export ... from` declarations (type-only ones too: they tie the layers as much as values
 * do), `import('...')` and `require('...')`. Only relative specifiers are followed; a package or an
 * import leaving the folders is not part of the graph.
 */
export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const files = folders.flatMap((folder) => typeScriptFiles(join(root, folder)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(file)) {
      const target = resolveModule(file, specifier);
      if (target !== undefined && known.has(target)) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), [...targets].sort());
  }
  return graph;
}

/**
 * The import cycles of a graph: each strongly connected component of more than one module (or a
 * module that imports itself), as one cycle through it, found by Tarjan's algorithm.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const visit = (module: string): void => {
    index.set(module, next);
    low.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module)!, index.get(target)!));
      }
    }
    if (low.get(module) === index.get(module)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== module);
      if (component.length > 1 || (graph.get(module) ?? []).includes(module)) components.push(component.sort());
    }
  };
  for (const module of [...graph.keys()].sort()) if (!index.has(module)) visit(module);
  return components.map((component) => cycleThrough(graph, component));
}

/**
 * The graph of folders: a module's folder is the one below the top-level folder (`src/http`, its
 * subfolders included; `middleware/cache`), a module right under the top-level folder is on its own
 * (`src/router.ts`). A folder imports another when one of its modules imports one of the other's.
 */
export function folderGraph(graph: ImportGraph): ImportGraph {
  const folderOf = (module: string): string => module.split('/').slice(0, 2).join('/');
  const folders = new Map<string, Set<string>>();
  for (const [module, targets] of graph) {
    const folder = folderOf(module);
    const imported = folders.get(folder) ?? new Set<string>();
    folders.set(folder, imported);
    for (const target of targets) if (folderOf(target) !== folder) imported.add(folderOf(target));
  }
  return new Map([...folders].map(([folder, imported]) => [folder, [...imported].sort()]));
}

/** The imports from modules under `from` of modules under `to` (folders relative to the root): `importer -> imported`. */
export function importsAcross(graph: ImportGraph, from: string, to: string): string[] {
  const found: string[] = [];
  for (const [module, targets] of graph) {
    if (!isUnder(module, from)) continue;
    for (const target of targets) if (isUnder(target, to)) found.push(`${module} -> ${target}`);
  }
  return found.sort();
}

function isUnder(module: string, folder: string): boolean {
  return module.startsWith(`${folder.replace(/\/$/, '')}/`);
}

/** One cycle through every module of a strongly connected component, as `a -> b -> ... -> a`. */
function cycleThrough(graph: ImportGraph, component: readonly string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  // A breadth-first search back to the start, within the component, gives a shortest cycle through it.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift()!;
    for (const target of graph.get(module) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = module; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, module);
        queue.push(target);
      }
    }
  }
  return [...component, start];
}

function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      specifiers.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) specifiers.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The file a relative specifier names, as TypeScript resolves it (`./a` is `a.ts` or `a/index.ts`). */
function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
