/**
 * The package.json that `npm pack` and `npm publish` put in the tarball has no `scripts`
 * (`prepack` runs `strip`, `postpack` runs `restore`).
 *
 * Every script of the repository runs files the package does not ship, and npm 11 lists a
 * dependency's `prepare` among the install scripts a user must approve when it comes from a
 * tarball, though it never runs there: a tarball is installed as it was built. The repository
 * keeps `prepare`, which builds an install from a git URL or a folder (npm runs it in the clone
 * or the folder, which have the sources). `strip` saves package.json as package.json.packing and
 * writes it without scripts; `restore` puts the saved one back. A pack that was stopped between
 * the two leaves the saved copy: the next `strip` starts from it, and `restore` puts it back.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const manifest = join(root, 'package.json');
const saved = join(root, 'package.json.packing');

const command = process.argv[2];
if (command === 'strip') {
  const original = readFileSync(existsSync(saved) ? saved : manifest, 'utf8');
  writeFileSync(saved, original);
  const { scripts, ...packed } = JSON.parse(original);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
} else if (command === 'restore') {
  if (existsSync(saved)) renameSync(saved, manifest);
} else {
  console.error('usage: node scripts/packed-manifest.mjs strip|restore');
  process.exit(2);
}
