import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** Packages the build carries inside the bundle (scripts/build-package.mjs), so devDependencies. */
const BUNDLED = ['feed'];

/** The packages the library's files import: what the published package needs at run time or in its types. */
function importedPackages(): Set<string> {
  const imported = new Set<string>();
  for (const folder of ['src', 'middleware', 'testing']) {
    for (const file of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      const text = readFileSync(join(ROOT, folder, file), 'utf8');
      for (const [, specifier] of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^'.][^']*)'/gm)) {
        if (specifier!.startsWith('node:') || builtinModules.includes(specifier!)) continue;
        imported.add(specifier!.split('/').slice(0, specifier!.startsWith('@') ? 2 : 1).join('/'));
      }
    }
  }
  return imported;
}

describe('package.json dependencies', () => {
  const imported = importedPackages();

  it('lists only packages the library imports', () => {
    expect(Object.keys(pkg.dependencies).filter((name) => !imported.has(name))).toEqual([]);
  });

  it('lists every package the library imports (bundled ones as devDependencies, express as a peer)', () => {
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]);
    for (const name of BUNDLED) expect(pkg.devDependencies[name]).toBeDefined();
    expect([...imported].filter((name) => !declared.has(name) && !BUNDLED.includes(name))).toEqual([]);
  });
});
