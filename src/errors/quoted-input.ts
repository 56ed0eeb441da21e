/**
 * How much of a client's input a problem document quotes. A detail that names the bad value helps
 * the client find it, but a value can be as long as a request's head (16 KiB) or a body (1 MiB):
 * quoted whole, it would come back once per member that quotes it, larger than it was sent.
 */

/** The longest piece of a client's input a detail quotes, in UTF-16 code units. */
export const MAX_QUOTED_LENGTH = 200;

/**
 * `text` as a detail quotes it: whole up to {@link MAX_QUOTED_LENGTH}, otherwise its start and `…`,
 * never cut inside a surrogate pair.
 */
export function shortened(text: string): string {
  if (text.length <= MAX_QUOTED_LENGTH) return text;
  const last = text.charCodeAt(MAX_QUOTED_LENGTH - 1);
  return `${text.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_QUOTED_LENGTH - 1 : MAX_QUOTED_LENGTH)}…`;
}
