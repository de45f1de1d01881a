/**
 * Splits an e-mail's plain text into text and links. Only links into this console become
 * links: a URL of this origin, or one whose path is a console account page (the server may
 * spell its own public address differently from the one the browser uses, e.g. in development).
 * The link is rebuilt from the parsed path, never from the raw text.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; to: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;
const ACCOUNT_PAGES = new Set([
  '/login',
  '/new-account-verify',
  '/reset-password',
  '/forgot-password',
  '/signup',
]);

function internalPath(raw: string, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.origin !== origin && !ACCOUNT_PAGES.has(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function linkify(text: string, origin: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const to = internalPath(raw, origin);
    if (to === undefined) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, to });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
