import { BadRequest } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { shortened } from '../errors/quoted-input';

/** Where in a body a parser stopped: a character offset, and/or a 1-based line and column. */
export interface BodyPosition {
  /** The 0-based character offset into the decoded text. */
  readonly offset?: number;
  /** The 1-based line. */
  readonly line?: number;
  /** The 1-based column within `line`. */
  readonly column?: number;
}

/**
 * The 400 for a body that cannot be read as its media type says (RFC 9110 section 15.5.1): problem
 * type `malformedBody`, a detail naming the format and what was wrong, and the position (as problem
 * extensions too) so a client can find the mistake.
 */
export function malformedBody(format: string, reason: string, position?: BodyPosition, cause?: unknown): BadRequest {
  const where = describePosition(position);
  const detail = `The ${format} body is malformed: ${shortened(reason)}${where === '' ? '' : ` ${where}`}.`;
  return new BadRequest(detail, {
    type: ProblemType.malformedBody,
    extensions: position === undefined ? {} : { ...position },
    cause,
  });
}

/** The 400 for a body that is well-formed but breaks a limit or a safety rule. */
export function rejectedBody(format: string, reason: string): BadRequest {
  return new BadRequest(`The ${format} body was rejected: ${reason}.`, { type: ProblemType.malformedBody });
}

function describePosition(position: BodyPosition | undefined): string {
  if (position === undefined) return '';
  const parts: string[] = [];
  if (position.line !== undefined) parts.push(`line ${position.line}`);
  if (position.column !== undefined) parts.push(`column ${position.column}`);
  const lineColumn = parts.join(', ');
  if (position.offset === undefined) return lineColumn === '' ? '' : `at ${lineColumn}`;
  return `at position ${position.offset}${lineColumn === '' ? '' : ` (${lineColumn})`}`;
}

/** The 1-based line and column of a character offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
