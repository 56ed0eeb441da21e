import { BadRequest } from '../../errors/http-error';
import { ProblemType } from '../../errors/problem-types';

/**
 * The 400 for a well-formed XML body that is not a feed the model can hold: the wrong root
 * element, or a required element missing or unreadable.
 */
export function invalidFeed(format: string, reason: string): BadRequest {
  return new BadRequest(`The ${format} body is not a valid feed: ${reason}.`, { type: ProblemType.invalidBody });
}

/** A date from a feed, or a 400 naming where it was. */
export function feedDate(format: string, text: string, where: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw invalidFeed(format, `${where} '${text}' is not a date`);
  return date;
}

/** An object without the properties whose value is `undefined`, so a read feed has only what was sent. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, one]) => one !== undefined)) as T;
}
