import { z } from 'zod';

/**
 * The browsable API reference at `/api/docs`: one static HTML page rendered on the server from
 * the OpenAPI document, calls grouped by tag. No script (the CSP allows none inline, and the page
 * needs none); every string from the document is escaped, none is trusted as HTML.
 */

type JsonSchema = Record<string, unknown>;

const schemaObject = z.record(z.string(), z.unknown());

const mediaSchema = z.record(z.string(), z.object({ schema: schemaObject.optional() }));

const operationSchema = z.object({
  operationId: z.string().optional(),
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  parameters: z
    .array(
      z.object({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: schemaObject.optional(),
      }),
    )
    .optional(),
  requestBody: z.object({ content: mediaSchema }).optional(),
  responses: z.record(
    z.string(),
    z.object({ description: z.string(), content: mediaSchema.optional() }),
  ),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  'x-rate-limit': z
    .object({ max: z.number(), windowSeconds: z.number(), per: z.string() })
    .optional(),
});

/** The part of an OpenAPI 3.1 document the page reads (the rest is ignored). */
const referenceDocumentSchema = z.object({
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  components: z.object({ schemas: z.record(z.string(), schemaObject).optional() }).optional(),
});

type Operation = z.infer<typeof operationSchema>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Text for HTML: element content and attribute values alike. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Escaped text whose `backtick spans` (as the summaries write code) become <code>. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function json(value: unknown): string {
  return escapeHtml(JSON.stringify(value, null, 2));
}

/** A parameter's schema in a few words: `"a" | "b"`, `integer ≥ 0`, `string, 1–40 chars`. */
function schemaWords(schema: JsonSchema): string {
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    return alternatives.map((s) => schemaWords(schemaObject.parse(s))).join(' | ');
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.filter((t) => typeof t === 'string').join(' | ') || 'any';
  if (type === 'array') {
    const items = schemaObject.safeParse(schema.items);
    return `${items.success ? schemaWords(items.data) : 'any'}[]`;
  }
  const words = [typeof schema.format === 'string' ? `${type} (${schema.format})` : type];
  const { minLength, maxLength, minimum, maximum, exclusiveMinimum, pattern } = schema;
  if (typeof minLength === 'number' && typeof maxLength === 'number') {
    words.push(`${minLength}–${maxLength} chars`);
  } else if (typeof maxLength === 'number') words.push(`≤ ${maxLength} chars`);
  else if (typeof minLength === 'number') words.push(`≥ ${minLength} chars`);
  if (typeof exclusiveMinimum === 'number') words.push(`> ${exclusiveMinimum}`);
  else if (typeof minimum === 'number') words.push(`≥ ${minimum}`);
  if (typeof maximum === 'number' && maximum < Number.MAX_SAFE_INTEGER) {
    words.push(`≤ ${maximum}`);
  }
  if (typeof pattern === 'string' && schema.format === undefined) words.push(`/${pattern}/`);
  return words.join(', ');
}

function parametersTable(operation: Operation): string {
  const parameters = (operation.parameters ?? []).map((p) => {
    const schema = p.schema ?? {};
    const fromSchema = typeof schema.description === 'string' ? schema.description : '';
    return { ...p, schema, description: p.description ?? fromSchema };
  });
  if (parameters.length === 0) return '<p class="none">No parameters.</p>';
  // most parameters say it all in their schema: the column only when one has words of its own
  const described = parameters.some((p) => p.description !== '');
  const rows = parameters.map((p) => {
    const fallback = 'default' in p.schema ? ` (default ${JSON.stringify(p.schema.default)})` : '';
    return (
      `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td>` +
      `<td>${p.required === true ? 'yes' : 'no'}</td>` +
      `<td><code>${escapeHtml(schemaWords(p.schema))}</code>${escapeHtml(fallback)}</td>` +
      (described ? `<td>${prose(p.description)}</td>` : '') +
      '</tr>'
    );
  });
  return (
    '<div class="table"><table><thead><tr><th scope="col">parameter</th><th scope="col">in</th>' +
    '<th scope="col">required</th><th scope="col">schema</th>' +
    (described ? '<th scope="col">description</th>' : '') +
    `</tr></thead><tbody>${rows.join('')}</tbody></table></div>`
  );
}

/** A schema in a disclosure: open when short, closed when long (no script needed either way). */
function schemaBlock(label: string, schema: JsonSchema | undefined): string {
  const text = JSON.stringify(schema ?? {}, null, 2);
  const open = text.split('\n').length <= 24 ? ' open' : '';
  return `<details${open}><summary>${label}</summary><pre>${json(schema ?? {})}</pre></details>`;
}

function bodyBlocks(operation: Operation): string {
  const content = operation.requestBody?.content ?? {};
  return Object.entries(content)
    .map(([type, media]) =>
      schemaBlock(`Request body <code>${escapeHtml(type)}</code>`, media.schema),
    )
    .join('');
}

function responseBlocks(operation: Operation): string {
  const blocks: string[] = [];
  const errors: string[] = [];
  for (const [status, response] of Object.entries(operation.responses)) {
    const content = Object.entries(response.content ?? {});
    const errorOnly = content.every(([, media]) => media.schema?.$ref !== undefined);
    if (!status.startsWith('2') && errorOnly) {
      errors.push(`<li><strong>${escapeHtml(status)}</strong> ${prose(response.description)}</li>`);
      continue;
    }
    if (content.length === 0) {
      blocks.push(`<p><strong>${escapeHtml(status)}</strong> ${prose(response.description)}</p>`);
    }
    for (const [type, media] of content) {
      const label =
        `Answer <strong>${escapeHtml(status)}</strong> <code>${escapeHtml(type)}</code> — ` +
        prose(response.description);
      blocks.push(schemaBlock(label, media.schema));
    }
  }
  const errorList =
    errors.length === 0
      ? ''
      : `<p class="errors-title">Errors (<a href="#errors">ApiError</a>):</p><ul class="errors">${errors.join('')}</ul>`;
  return blocks.join('') + errorList;
}

function badges(operation: Operation): string {
  const signedIn = (operation.security ?? []).some((s) => Object.keys(s).length > 0);
  const list = [
    signedIn
      ? '<span class="badge session">session</span>'
      : '<span class="badge public">public</span>',
  ];
  const limit = operation['x-rate-limit'];
  if (limit !== undefined) {
    list.push(
      `<span class="badge limit">${escapeHtml(
        `at most ${limit.max} ${
          limit.windowSeconds === 60 ? 'a minute' : `per ${limit.windowSeconds} s`
        } per ${limit.per}`,
      )}</span>`,
    );
  }
  return list.join(' ');
}

function operationHtml(path: string, method: string, operation: Operation): string {
  const id = `op-${operation.operationId ?? `${method}-${path}`}`;
  return (
    `<article class="call" id="${escapeHtml(id)}">` +
    `<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> ` +
    `<code class="path">${escapeHtml(path)}</code> ` +
    `<a class="anchor" href="#${escapeHtml(id)}" aria-label="Link to this call">#</a></h3>` +
    `<p class="badges">${badges(operation)}` +
    (operation.operationId === undefined
      ? ''
      : ` <span class="operation-id">${escapeHtml(operation.operationId)}</span>`) +
    '</p>' +
    (operation.summary === undefined ? '' : `<p class="summary">${prose(operation.summary)}</p>`) +
    (operation.description === undefined
      ? ''
      : `<p class="who">${prose(operation.description)}</p>`) +
    parametersTable(operation) +
    bodyBlocks(operation) +
    responseBlocks(operation) +
    '</article>'
  );
}

const STYLE = `
:root { color-scheme: light; --line: #d9dde3; --muted: #5b6470; --accent: #1c5fb8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d232b; background: #f6f7f9; }
a { color: var(--accent); }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
header { padding: 24px 32px 16px; background: #fff; border-bottom: 1px solid var(--line); }
header h1 { margin: 0 0 4px; font-size: 24px; }
header p { margin: 6px 0; max-width: 960px; color: var(--muted); }
.layout { display: grid; grid-template-columns: 240px minmax(0, 1fr); gap: 24px; padding: 24px 32px; }
nav { position: sticky; top: 16px; align-self: start; max-height: calc(100vh - 32px); overflow: auto; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li { margin: 2px 0; }
nav .count { color: var(--muted); font-size: 12px; }
main { min-width: 0; }
section.group > h2 { margin: 8px 0 12px; font-size: 20px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
article.call { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 12px 16px; margin: 0 0 16px; }
article.call h3 { margin: 0; font-size: 15px; display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px; }
.path { word-break: break-all; font-size: 14px; }
.anchor { text-decoration: none; color: var(--muted); }
.method { display: inline-block; min-width: 48px; text-align: center; border-radius: 4px; padding: 1px 6px;
  font-size: 12px; font-weight: 700; color: #fff; background: #5b6470; }
.method.get { background: #1f7a4d; }
.method.post { background: #1c5fb8; }
.badges { margin: 6px 0 0; font-size: 12px; }
.badge { display: inline-block; border-radius: 10px; padding: 0 8px; border: 1px solid var(--line); }
.badge.public { background: #eef8f1; }
.badge.session { background: #eef3fb; }
.badge.limit { background: #fdf4e7; }
.operation-id { color: var(--muted); font-family: ui-monospace, monospace; }
.summary { margin: 8px 0 4px; }
.who { margin: 0 0 8px; color: var(--muted); }
div.table { overflow-x: auto; margin: 8px 0; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f0f2f5; font-weight: 600; }
td code { overflow-wrap: anywhere; }
.none { color: var(--muted); font-size: 13px; margin: 8px 0; }
details { margin: 6px 0; }
summary { cursor: pointer; font-size: 13px; }
pre { background: #f3f5f8; border: 1px solid var(--line); border-radius: 4px; padding: 8px 10px;
  overflow: auto; max-height: 480px; margin: 6px 0; }
.errors-title { margin: 8px 0 2px; font-size: 13px; }
ul.errors { margin: 0; padding-left: 20px; font-size: 13px; }
@media (max-width: 800px) { .layout { grid-template-columns: 1fr; padding: 16px; } nav { position: static; max-height: none; } }
`;

/** The reference page of an OpenAPI document (as `/api/openapi.json` serves it). */
export function renderReferencePage(document: unknown): string {
  const doc = referenceDocumentSchema.parse(document);
  const groups = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      list.push(operationHtml(path, method, operation));
      groups.set(tag, list);
    }
  }
  const groupId = (tag: string) => escapeHtml(`group-${tag}`);
  const nav = [...groups]
    .map(
      ([tag, calls]) =>
        `<li><a href="#${groupId(tag)}">${escapeHtml(tag)}</a> <span class="count">${calls.length}</span></li>`,
    )
    .join('');
  const sections = [...groups]
    .map(
      ([tag, calls]) =>
        `<section class="group" id="${groupId(tag)}"><h2>${escapeHtml(tag)}</h2>${calls.join('')}</section>`,
    )
    .join('');
  const apiError = doc.components?.schemas?.ApiError;
  const errors =
    apiError === undefined
      ? ''
      : '<section class="group" id="errors"><h2>Errors</h2><article class="call">' +
        '<p class="summary">Every error answers JSON <code>ApiError</code>: <code>error</code> ' +
        'says what went wrong, <code>fields</code> (bad input) a message per field.</p>' +
        `<pre>${json(apiError)}</pre></article></section>`;
  const title = `${doc.info.title} ${doc.info.version}`;
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    // no favicon request: the page stands alone, built console or not
    '<link rel="icon" href="data:,">' +
    `<title>${escapeHtml(`${doc.info.title} reference`)}</title><style>${STYLE}</style></head>` +
    `<body><header><h1>${escapeHtml(title)}</h1>` +
    (doc.info.description === undefined ? '' : `<p>${prose(doc.info.description)}</p>`) +
    '<p>The same, machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> ' +
    '(OpenAPI 3.1). Concepts and flows (sessions, permissions, commands, live streams) are in ' +
    'the repository’s <code>docs/api/</code>.</p></header>' +
    `<div class="layout"><nav aria-label="Call groups"><ul>${nav}` +
    (errors === '' ? '' : '<li><a href="#errors">Errors</a></li>') +
    '</ul></nav>' +
    `<main>${sections}${errors}</main></div></body></html>\n`
  );
}
