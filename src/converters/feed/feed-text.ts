const HTML_SPECIAL = /[&<>"']/g;
const REFERENCES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The HTML of a plain text, for a `Feed` item's title, description and content: `feed`'s model,
 * and so the Atom (`type="html"`, RFC 4287 section 3.1.1.2) and RSS documents written from it,
 * take them as HTML, which every feed reader renders. Text a user typed (a name such as
 * `<img src=x onerror=alert(1)>`) must go through this, or it reaches every reader as markup.
 *
 * @example feed.addItem({ title: feedText(user.name), link, date }) // `&lt;img ...` is shown as text
 */
export function feedText(text: string): string {
  return text.replace(HTML_SPECIAL, (character) => REFERENCES[character]!);
}
