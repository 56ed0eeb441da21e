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
  return checkFiles(documents, 'xmllint', ['--noout', '--nonet'], 'stderr');
}

/** Runs `command` once over the documents, each written to a file of its own: '' when it exits 0, else what it wrote to `output`. */
function checkFiles(documents: readonly (string | Uint8Array)[], command: string, args: readonly string[], output: 'stdout' | 'stderr'): string {
  if (documents.length === 0) return '';
  const dir = mkdtempSync(join(tmpdir(), `${command}-`));
  try {
    const files = documents.map((document, index) => {
      const file = join(dir, `${index}.xml`);
      writeFileSync(file, document);
      return file;
    });
    const run = spawnSync(command, [...args, ...files], { encoding: 'utf8' });
    if (run.error !== undefined) throw run.error;
    return run.status === 0 ? '' : run[output] || `${command} exited ${run.status}`;
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

/** Reads each feed of a JSON array of base64 texts on stdin; prints a JSON array of what it read. */
const FEEDPARSER = `
import base64, json, sys, feedparser
def text(entry, key):
    detail = entry.get(key + '_detail') or {}
    return entry.get(key, ''), detail.get('type', '')
def read(body):
    d = feedparser.parse(base64.b64decode(body))
    entries = []
    for e in d.entries:
        title, title_type = text(e, 'title')
        summary, summary_type = text(e, 'summary')
        entries.append({'title': title, 'title_type': title_type, 'summary': summary, 'summary_type': summary_type})
    return {'bozo': bool(d.bozo), 'bozo_exception': str(d.get('bozo_exception', '')), 'version': d.version, 'entries': entries}
print(json.dumps([read(body) for body in json.load(sys.stdin)]))
`;

/**
 * Reads feeds with Python's feedparser (Debian's python3-feedparser, hence /usr/bin/python3), in
 * order; all by one process, which takes longer to start than to read a feed.
 */
export function feedparser(bodies: readonly (string | Uint8Array)[]): ParsedFeed[] {
  const input = JSON.stringify(bodies.map((body) => Buffer.from(body).toString('base64')));
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', FEEDPARSER], { input, encoding: 'utf8' })) as ParsedFeed[];
}

/** RFC 4287 Appendix B, the RELAX NG grammar of Atom (compact syntax). */
const ATOM_SCHEMA = join(__dirname, 'schemas', 'atom.rnc');

/**
 * What jing reports when validating Atom documents against RFC 4287's schema: '' when each is
 * valid. All are checked by one process: jing starts a JVM, seconds on a busy machine.
 */
export function atomSchemaErrors(documents: readonly (string | Uint8Array)[]): string {
  return checkFiles(documents, 'jing', ['-c', ATOM_SCHEMA], 'stdout');
}
