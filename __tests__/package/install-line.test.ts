import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string };
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe("the README's install line", () => {
  it('installs the package by the name package.json gives it', () => {
    const line = /^npm install (\S+) express$/m.exec(readme);
    expect(line?.[1]).toBe(manifest.name);
  });

  it('is not the name of the unrelated package that owns `represent` on the registry', () => {
    expect(manifest.name).not.toBe('represent');
  });
});
