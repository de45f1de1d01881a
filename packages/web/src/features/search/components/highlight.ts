/** A piece of a result text, marked when it is (case-insensitively) the typed keyword. */
export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * Splits `text` around every occurrence of `keyword`, ignoring case. The parts are rendered as
 * React text (matches inside <mark>), so nothing in a name is ever read as markup.
 */
export function highlightParts(text: string, keyword: string): TextPart[] {
  const needle = keyword.trim().toLocaleLowerCase();
  if (needle === '') return text === '' ? [] : [{ text, match: false }];
  const haystack = text.toLocaleLowerCase();
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
