import { type IncomingMessage, type ServerResponse, validateHeaderName, validateHeaderValue } from 'node:http';
import type { ResponseHeaderMap } from '../caching/header-map';
import { HttpError } from '../errors/http-error';
import { type ProblemDocument, toProblemDocument } from '../errors/problem-document';
import { problemXml } from '../converters/xml/problem-xml';
import { type MediaRange, parseAccept } from '../http/accept-header';
import { SAFE_DISPOSITION } from '../http/reflected-file-download';
import { originFormOf } from '../http/request-path';
import { downloadSegment, needsDownloadGuard } from './download-guard';
import { problemRepresentation } from './representation';
import { requestTarget } from './request-exchange';
import { finaliseHeaders, presetHeaders } from './response-headers';
import { send } from './send';

function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * The problem without the extension members that cannot be serialized (a BigInt, a `toJSON` that
 * throws): each is left out, and reported, rather than losing the answer.
 */
function serializable(problem: ProblemDocument, report: (fault: unknown) => void): ProblemDocument {
  let kept: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(problem)) {
    try {
      JSON.stringify(value);
    } catch (fault) {
      kept ??= { ...problem };
      delete kept[name];
      report(fault);
    }
  }
  return (kept ?? problem) as ProblemDocument;
}

/**
 * Writes anything thrown as an RFC 9457 problem document, negotiated: `application/problem+xml`
 * when Accept prefers it or plain XML, `application/problem+json` otherwise (also when Accept allows neither:
 * an error is better sent in a format the client did not ask for than not at all). Headers that
 * belong to the error (`Allow`, `Accept-Post`, ...) go with it; an error that is not an
 * {@link HttpError} is a 500 with nothing of its internals. Problems are not stored by caches.
 * Headers already set that describe a representation or its caching are removed; others (set by
 * the app's middleware for every answer: CORS, HSTS, a request id) are kept.
 * What the error carries that cannot be sent (a header value with a line break, an extension
 * member that cannot be serialized) is left out and given to `report`. `guarded` (what
 * {@link needsDownloadGuard} decided for the request's URL) gives the problem
 * `Content-Disposition: inline;filename=f.txt`, as the representation would have had (RFD).
 */
export function writeProblem(
  res: ServerResponse,
  error: unknown,
  instance: string,
  accept: readonly MediaRange[] = [],
  report: (fault: unknown) => void = () => undefined,
  guarded = false,
): void {
  const document = toProblemDocument(error, instance);
  // Serialized once; only a document that fails is taken apart to find and report what failed.
  const json = jsonOf(document);
  const problem = json === undefined ? serializable(document, report) : document;
  const { xml, varies } = problemRepresentation(accept);
  const body = xml ? problemXml(problem) : (json ?? JSON.stringify(problem));
  const own: ResponseHeaderMap = {};
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) {
      try {
        validateHeaderName(name);
        validateHeaderValue(name, value);
        own[name.toLowerCase()] = value;
      } catch (fault) {
        // A header no response can carry (a line break in its value): the problem goes without it.
        report(fault);
      }
    }
  }
  // RFD (CVE-2015-5211): a problem's detail reflects the request as a 200 does.
  if (guarded) own['content-disposition'] = SAFE_DISPOSITION;
  own['content-type'] = `${xml ? 'application/problem+xml' : 'application/problem+json'}; charset=utf-8`;
  const headers = finaliseHeaders('problem', presetHeaders(res), { now: Date.now(), varies, own });
  // Ended as text: see headFirst for what a Buffer would risk on a pipelined connection.
  send(res, problem.status, headers, body);
}

/**
 * Answers a request with `error` as a problem document, as the router answers its own errors:
 * negotiated by the request's Accept (`application/problem+json`, or `application/problem+xml`
 * for a client that prefers XML), not stored, `nosniff`, with the request's target as `instance`,
 * and `Content-Disposition: inline;filename=f.txt` when its path ends in an extension not known to
 * be safe (RFD: no route answered, so only the safe list counts).
 * For answers an app gives outside the router, such as its fallback 404:
 * `app.use((req, res) => writeProblemFor(req, res, new NotFound(`No resource at ${req.path}`)))`.
 */
export function writeProblemFor(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const guarded = needsDownloadGuard(undefined, downloadSegment(originFormOf(req.url ?? '/') ?? '/'), undefined);
  writeProblem(res, error, requestTarget(req), parseAccept(req.headers.accept), undefined, guarded);
}
