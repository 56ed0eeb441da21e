/** The longest file name kept, in code points: most file systems refuse names over 255 bytes. */
export const MAX_FILENAME_LENGTH = 200;

/**
 * Characters never kept in a file name: C0 controls, DEL and C1 controls (a name that rewrites a
 * terminal or a log line), and the bidirectional overrides and isolates (a name `invoice‮fdp.exe`
 * that shows as `invoiceexe.pdf`, CVE-2021-42574's trick).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The file name a client gave a part (the `filename` parameter of its Content-Disposition, RFC 7578
 * section 4.2), made safe to show, log and store beside other data. RFC 7578 section 4.2: the
 * receiver "MUST NOT" use the name as given to pick where the file goes, and paths are stripped:
 *
 * - only the last path segment is kept (after the last `/` or `\`: browsers on Windows send `C:\x\a.png`);
 * - control characters and bidirectional overrides are removed, then Unicode normalised (NFC);
 * - leading dots and spaces and trailing dots and spaces are removed (`..`, hidden files, Windows'
 *   silent trailing-dot rename), so no result is `.` or `..`;
 * - the name is cut to `maxLength` code points, keeping a short extension (`.png`) when it has one.
 *
 * The result may be empty (`..`, a name of control characters): a name is a hint, never an identity;
 * the router stores uploads under names of its own.
 */
export function sanitiseFilename(name: string, maxLength: number = MAX_FILENAME_LENGTH): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const clean = trimDotsAndSpaces(base.replace(UNSAFE, '').normalize('NFC'));
  const points = [...clean];
  if (points.length <= maxLength) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 16 ? [...clean.slice(dot)] : [];
  if (extension.length >= maxLength) return points.slice(0, maxLength).join('');
  return [...points.slice(0, maxLength - extension.length), ...extension].join('');
}

/** Whether a character is trimmed from either end of a name. */
function isTrimmed(character: string): boolean {
  return character === '.' || character.trim() === '';
}

/** The name without dots and white space at either end (a loop: the anchored regular expression is quadratic, a ReDoS). */
function trimDotsAndSpaces(name: string): string {
  let start = 0;
  let end = name.length;
  while (start < end && isTrimmed(name[start]!)) start++;
  while (end > start && isTrimmed(name[end - 1]!)) end--;
  return name.slice(start, end);
}
