import type { z } from 'zod';

/** Field path → first message, for `{error, fields}` answers (ARCHITECTURE §6). */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** What a client sent that no handler can take, as a field path and its message. */
export interface RefusedInput {
  field: string;
  message: string;
}

const NUL = '\u0000';

/**
 * A field (query, path or body, at any depth, names included) holding a NUL character,
 * which PostgreSQL refuses in text. Walks iteratively: a deeply nested JSON body cannot overflow
 * the stack here.
 */
export function findNul(sources: readonly unknown[]): RefusedInput | undefined {
  const stack: { value: unknown; path: string }[] = sources.map((value) => ({ value, path: '' }));
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return nulField(path);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path === '' ? key : `${path}.${key}`;
        if (key.includes(NUL)) return nulField(childPath);
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

function nulField(path: string): RefusedInput {
  // `*` is the wildcard segment of a page path; a name holding NUL is shown with it escaped, so
  // the answer itself stays clean text
  const field = path === '' ? '_' : path === '*' ? 'path' : path.replaceAll(NUL, '\\u0000');
  return { field, message: `${field} must not contain a NUL character` };
}

/** A multipart body without its boundary parameter cannot be split into fields. */
export function multipartWithoutBoundary(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [type, ...params] = contentType.split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return false;
  return !params.some((p) => {
    const [name, ...value] = p.split('=');
    const boundary = value
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    return name?.trim().toLowerCase() === 'boundary' && boundary !== '';
  });
}
