/**
 * Builds the package into dist/ (`npm run build`; `prepack` runs it on `npm pack` and `npm publish`,
 * `prepare` on an install from git or a folder).
 *
 * One CommonJS bundle, dist/represent.js, holds the whole library; each entry of package.json
 * `exports` (dist/index.js, dist/converters.js, ...) is a two-line module that hands out its part
 * of it, so every entry shares one copy of each class (an HttpError thrown under one entry is an
 * HttpError under another). `feed` is ES-module-only, which a default jest set-up cannot require:
 * the bundle carries its own copy of it (and of its dependency xml-js); every other dependency is
 * required from node_modules as usual. Node's ES modules, Vitest and bundlers import the CommonJS
 * build through Node's named-export detection, which the `0 && (module.exports = {...})` line of
 * each entry feeds. Declarations come from tsc, internals stripped; they name the bundled copy's
 * types too (dist/types/vendor/), since a CommonJS declaration cannot import an ES module's under
 * `moduleResolution: node16`. A bundled package is therefore a devDependency. Only the
 * declarations an entry's types reach are kept: tsc declares every internal module too.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

// `npm install ../represent` runs `prepare` in a folder whose devDependencies npm does not install
// (it does for a git URL): install them first, without scripts so that this does not run again.
if (!['esbuild', 'typescript'].every((name) => existsSync(join(root, 'node_modules', name)))) {
  console.error('represent: installing the devDependencies its build needs');
  execFileSync('npm', ['install', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: root, stdio: 'inherit' });
}
const { build } = await import('esbuild');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Each entry of `exports`: its name in the bundle, and the source module that makes its surface. */
const ENTRIES = {
  index: './src/index',
  converters: './src/entries/converters',
  cache: './src/entries/cache',
  testing: './src/entries/testing',
};
/**
 * Entries bundled on their own, beside the one bundle: they load an optional peer dependency
 * (express-represent/otel, @opentelemetry/api), which requiring `express-represent` must not. They share no class
 * with the main bundle; what they share with it goes through Node's diagnostics channels, which
 * are one per name in a process whichever copy opens them.
 */
const SEPARATE = {
  otel: './src/entries/otel',
};
/** Dependencies carried inside the bundle, because jest's default set-up cannot require them. */
const BUNDLED = new Set(['feed']);
const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
const TYPES = join(root, 'dist/types');
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Leaves declared dependencies to node_modules; refuses an undeclared one the library imports. */
const dependencies = {
  name: 'dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
      if (path.startsWith('node:') || builtinModules.includes(path)) return { path, external: true };
      if (importer.includes('/node_modules/')) return undefined;
      const name = packageName(path);
      if (BUNDLED.has(name)) return undefined;
      if (declared.has(name)) return { path, external: true };
      return { errors: [{ text: `${importer} imports ${name}, which is not in dependencies or peerDependencies` }] };
    });
  },
};

/** How every bundle is built. */
const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // No source map: the bundle is not minified, so a stack trace into it names the source's
  // functions in the source's order; a map (1.4 MB with the sources it needs, the .ts files not
  // being shipped) was more than half the unpacked package, read only under node --enable-source-maps.
  sourcemap: false,
  plugins: [dependencies],
  logLevel: 'warning',
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
vendorTypes();
pruneTypes();

await build({
  stdin: {
    contents: Object.entries(ENTRIES).map(([name, source]) => `export * as ${name} from '${source}';`).join('\n'),
    resolveDir: root,
    sourcefile: 'represent-entries.ts',
    loader: 'ts',
  },
  outfile: join(root, 'dist/represent.js'),
  ...BUNDLE_OPTIONS,
});

for (const [name, source] of Object.entries(SEPARATE)) {
  await build({
    entryPoints: [join(root, `${source}.ts`)],
    outfile: join(root, `dist/${name}.js`),
    ...BUNDLE_OPTIONS,
  });
}

const bundle = createRequire(import.meta.url)(join(root, 'dist/represent.js'));
for (const name of Object.keys(ENTRIES)) {
  const names = Object.keys(bundle[name]).sort();
  writeFileSync(
    join(root, `dist/${name}.js`),
    [
      '"use strict";',
      `// The "${name}" part of the one bundle, so that all entries share its classes.`,
      `module.exports = require("./represent.js").${name};`,
      "// The names of this entry, for Node's named imports from CommonJS (never run).",
      `0 && (module.exports = { ${names.join(', ')} });`,
      '',
    ].join('\n'),
  );
}

/** Copies the declarations of each bundled package into dist/types/vendor/ and points the library's at them. */
function vendorTypes() {
  mkdirSync(join(TYPES, 'vendor'));
  for (const name of BUNDLED) {
    const folder = join(root, 'node_modules', name);
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    copyFileSync(join(folder, manifest.types), join(TYPES, 'vendor', `${name}.d.ts`));
  }
  const specifier = new RegExp(`(from |import\\()(['"])(${[...BUNDLED].join('|')})\\2`, 'g');
  for (const entry of readdirSync(TYPES, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const vendored = text.replace(specifier, (_, keyword, quote, name) => {
      const path = relative(dirname(file), join(TYPES, 'vendor', name)).replaceAll('\\', '/');
      return `${keyword}${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
    });
    if (vendored !== text) writeFileSync(file, vendored);
  }
}

/**
 * Deletes the declarations no entry's types reach (through `from '...'` and `import('...')`), and
 * the folders that leaves empty: the types of internal modules are not part of what is shipped.
 */
function pruneTypes() {
  const reached = new Set();
  const queue = Object.values(pkg.exports).flatMap((target) => (typeof target === 'object' ? [join(root, target.types)] : []));
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s+|\bimport\()\s*['"](\.[^'"]+)['"]/g)) {
      const path = join(dirname(file), specifier).replace(/(\.d\.ts|\.js)$/, '');
      queue.push(existsSync(`${path}.d.ts`) ? `${path}.d.ts` : join(path, 'index.d.ts'));
    }
  }
  const folders = [];
  for (const entry of readdirSync(TYPES, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) folders.push(path);
    else if (!reached.has(path)) rmSync(path);
  }
  // Deepest first, so that a folder emptied of folders goes too.
  for (const folder of folders.sort((a, b) => b.length - a.length)) if (readdirSync(folder).length === 0) rmdirSync(folder);
}
