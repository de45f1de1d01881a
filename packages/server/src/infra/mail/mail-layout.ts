/**
 * One look for every e-mail the console sends: an HTML version with the console's colours (inline
 * styles only, as mail clients drop style sheets) and a plain-text version with the same words.
 * Every text given here is escaped for HTML; callers pass plain strings, never markup.
 */
export interface MailContent {
  /** The first line, in bold in HTML. */
  heading: string;
  paragraphs: readonly string[];
  /** Links after the paragraphs, one a line (a digest's devices). */
  links?: readonly { label: string; url: string }[];
  /** A button in HTML, a line with the address in plain text. */
  action?: { label: string; url: string };
  /** Small print under a rule (why the reader got this mail, how to stop it). */
  footer?: readonly string[];
  /** A link in the small print (an unsubscribe link). */
  footerLink?: { label: string; url: string };
}

export interface RenderedMail {
  text: string;
  html: string;
}

const PRODUCT = 'Powerdeck';
/** Mantine blue 8, the console's primary colour; white on it is 4.9:1. */
const PRIMARY = '#1971c2';
const TEXT = '#212529';
const DIMMED = '#495057';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Only http(s) addresses become links; anything else would be a way to run script in a mail. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`a mail link must be http(s), not ${parsed.protocol}`);
  }
  return parsed.toString();
}

export function renderMail(content: MailContent): RenderedMail {
  const action = content.action && { ...content.action, url: safeUrl(content.action.url) };
  const links = (content.links ?? []).map((link) => ({ ...link, url: safeUrl(link.url) }));
  const footerLink = content.footerLink && {
    ...content.footerLink,
    url: safeUrl(content.footerLink.url),
  };

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...links.flatMap((link) => [`${link.label}: ${link.url}`, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(content.footer || footerLink ? ['--'] : []),
    ...(content.footer ?? []),
    ...(footerLink ? [`${footerLink.label}: ${footerLink.url}`] : []),
  ]
    .join('\n')
    .trimEnd();

  const p = (inner: string, style = '') =>
    `<p style="margin:0 0 16px;color:${TEXT};font-size:15px;line-height:1.5;${style}">${inner}</p>`;
  const html = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    `<body style="margin:0;padding:24px;background:#f1f3f5;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden">',
    `<div style="background:${PRIMARY};color:#ffffff;padding:12px 24px;font-weight:700;font-size:16px">${PRODUCT}</div>`,
    '<div style="padding:24px">',
    p(escapeHtml(content.heading), 'font-size:18px;font-weight:700'),
    ...content.paragraphs.map((text) => p(escapeHtml(text))),
    ...links.map((link) =>
      p(`<a href="${escapeHtml(link.url)}" style="color:${PRIMARY}">${escapeHtml(link.label)}</a>`),
    ),
    ...(action
      ? [
          p(
            `<a href="${escapeHtml(action.url)}" style="display:inline-block;background:${PRIMARY};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px;font-weight:600">${escapeHtml(action.label)}</a>`,
          ),
        ]
      : []),
    ...(content.footer || footerLink
      ? [
          `<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 12px">`,
          ...(content.footer ?? []).map((line) =>
            p(escapeHtml(line), `font-size:12px;color:${DIMMED};margin-bottom:6px`),
          ),
          ...(footerLink
            ? [
                p(
                  `<a href="${escapeHtml(footerLink.url)}" style="color:${PRIMARY}">${escapeHtml(footerLink.label)}</a>`,
                  `font-size:12px;color:${DIMMED}`,
                ),
              ]
            : []),
        ]
      : []),
    '</div></div></body></html>',
  ].join('');

  return { text, html };
}
