import type { Request, Response } from 'express';
import type { RequestInfo } from '../src/conditions/request-info';
import type { ProducesCondition } from '../src/conditions/produces-condition';
import { BadRequest, NotAcceptable, UnsupportedMediaType } from '../src/errors/http-error';
import { ProblemType } from '../src/errors/problem-types';
import { preferredMediaTypes } from '../src/http/accept-header';
import { type MediaType, isConcrete, parseMediaType, suffixOf } from '../src/http/media-type';
import type { Route } from '../src/routing/route';
import { readRawBody } from './body-reader';
import { type Result, writeResponse } from './result-writer';

const JSON_TYPE = parseMediaType('application/json');

function isJson(mediaType: MediaType): boolean {
  return mediaType.subtype === 'json' || suffixOf(mediaType) === 'json';
}

/** The media type to write, from what the route produces and what Accept prefers; `undefined` when none. */
export function negotiateResponseType(request: RequestInfo, produces: ProducesCondition): string | undefined {
  const offers = produces.isEmpty ? [JSON_TYPE] : produces.expressions.filter((e) => !e.negated && isConcrete(e.mediaType)).map((e) => e.mediaType);
  const best = preferredMediaTypes(offers, request.accept)[0];
  return best === undefined ? undefined : `${best.type}/${best.subtype}`;
}

/** Reads the body as JSON (the converter registry replaces this). */
export async function readRequestBody(req: Request, request: RequestInfo, route: Route, limit: number): Promise<unknown> {
  const contentType = request.contentType;
  if (contentType === undefined || !isJson(contentType)) {
    throw new UnsupportedMediaType(`Content-Type must be application/json for ${route.description}`, { type: ProblemType.unsupportedMediaType });
  }
  const raw = await readRawBody(req, limit);
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new BadRequest(`Malformed JSON body: ${(error as Error).message}`, { type: ProblemType.malformedBody });
  }
}

/** Writes a handler's result as JSON (the converter registry replaces this). */
export function writeRepresentation(res: Response, request: RequestInfo, result: Result, produces: ProducesCondition, mediaType: string | undefined): void {
  const headers: Record<string, string> = { ...result.headers };
  if (produces.expressions.length > 1) headers['Vary'] = 'Accept';
  if (result.body === undefined) {
    writeResponse(res, result.status, headers, undefined);
    return;
  }
  if (mediaType === undefined) throw new NotAcceptable('None of the available representations is acceptable', { type: ProblemType.notAcceptable });
  headers['Content-Type'] = `${mediaType}; charset=utf-8`;
  writeResponse(res, result.status, headers, Buffer.from(JSON.stringify(result.body), 'utf8'));
  void request;
}
