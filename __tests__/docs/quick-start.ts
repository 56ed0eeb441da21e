import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './block-compiler';
import { type CodeBlock, blocksOf } from './markdown-blocks';

/**
 * The README's quick start: its first TypeScript block that mounts a router with `app.use`. It is
 * run as written twice: in this repository (`__tests__/router/readme-quick-start.test.ts`) and in a
 * scratch app that installed the packed package (`__tests__/package/consumer-apps.ts`).
 */
export function quickStartBlock(): CodeBlock {
  const block = blocksOf(readFileSync(join(ROOT, 'README.md'), 'utf8'), 'README.md').find((b) => b.language === 'ts' && b.code.includes('app.use('));
  if (block === undefined) throw new Error('The README has no quick start that mounts a router');
  return block;
}
