import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Independent validators for the XML the library writes, none of them a parser the library uses
 * (xml2js/sax, @xmldom/xmldom): libxml2's xmllint, Python's feedparser and jing. `npm test`
 * installs them first (scripts/test-tools.sh).
 */

/**
 * What xmllint reports for the documents (bytes as sent, declaration included): '' when each is
 * well-formed XML 1.0 with namespaces. All are checked by one process, so a property test of
 * hundreds of documents starts one.
 */
export function xmllintErrors(documents: readonly (string | Uint8Array)[]): string {
  if (documents.length === 0) return '';
  const dir = mkdtempSync(join(tmpdir(), 'xmllint-'));
  try {
    const files = documents.map((document, index) => {
      const file = join(dir, `${index}.xml`);
      writeFileSync(file, document);
      return file;
    });
    const run = spawnSync('xmllint', ['--noout', '--nonet', ...files], { encoding: 'utf8' });
    if (run.error !== undefined) throw run.error;
    return run.status === 0 ? '' : run.stderr || `xmllint exited ${run.status}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An entry as Python's feedparser reads it: each text with the type feedparser gives it. */
export interface ParsedEntry {
  readonly title: string;
  readonly title_type: string;
  readonly summary: string;
  readonly summary_type: string;
}
/** A feed as Python's feedparser reads it; `bozo` is its word for a feed that is not well-formed. */
export interface ParsedFeed {
  readonly bozo: boolean;
  readonly bozo_exception: string;
  readonly version: string;
  readonly entries: readonly ParsedEntry[];
}

const FEEDPARSER = `
import json, sys, feedparser
d = feedparser.parse(sys.stdin.buffer.read())
def text(entry, key):
    detail = entry.get(key + '_detail') or {}
    return entry.get(key, ''), detail.get('type', '')
entries = []
for e in d.entries:
    title, title_type = text(e, 'title')
    summary, summary_type = text(e, 'summary')
    entries.append({'title': title, 'title_type': title_type, 'summary': summary, 'summary_type': summary_type})
print(json.dumps({'bozo': bool(d.bozo), 'bozo_exception': str(d.get('bozo_exception', '')), 'version': d.version, 'entries': entries}))
`;

/** Reads a feed with Python's feedparser (Debian's python3-feedparser, hence /usr/bin/python3). */
export function feedparser(body: string | Uint8Array): ParsedFeed {
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', FEEDPARSER], { input: body, encoding: 'utf8' })) as ParsedFeed;
}

/** RFC 4287 Appendix B, the RELAX NG grammar of Atom (compact syntax). */
const ATOM_SCHEMA = join(__dirname, 'schemas', 'atom.rnc');

/** What jing reports when validating an Atom document against RFC 4287's schema: '' when valid. */
export function atomSchemaErrors(document: string | Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'jing-'));
  try {
    const file = join(dir, 'feed.xml');
    writeFileSync(file, document);
    const run = spawnSync('jing', ['-c', ATOM_SCHEMA, file], { encoding: 'utf8' });
    if (run.error !== undefined) throw run.error;
    return run.status === 0 ? '' : run.stdout || `jing exited ${run.status}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
