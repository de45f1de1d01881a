import { z } from 'zod';
import { apiErrorSchema } from '../api/session';
import { DEVICE_CLASSES } from '../catalog/device-class';
import type { CallDef } from './call';
import { callTable } from './table';

/**
 * The OpenAPI 3.1 document of the call table (zod's JSON Schema output). Served at
 * `/api/openapi.json` and committed as `docs/api/openapi.json`; a test fails when they drift.
 */

type JsonSchema = Record<string, unknown>;

const SESSION_COOKIE = 'pd_session';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const errorRef = { $ref: '#/components/schemas/ApiError' };

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorRef } },
});

/**
 * `/data-svc/{area}/{script}?svc=…` (the spec's call shape; `svc` is part of each key), or the
 * path alone for a call whose path is the call (no `svc`).
 */
function pathOf(call: CallDef): string {
  const path = `/data-svc/${call.area}/${call.script}`;
  return call.svc === null ? path : `${path}?svc=${call.svc}`;
}

/** A live stream's 200: server-sent events whose `data` the call's output schema describes. */
function streamResponse(call: CallDef) {
  return {
    description:
      'A stream of server-sent events (`text/event-stream`): `retry: 2000` first, then one ' +
      'frame per event, `id:` (send it back as Last-Event-ID to resume) and `data:` one JSON ' +
      'value of the schema below; a `: heartbeat` comment every 15 s. It ends when the session ' +
      'ends, or with `: closed: …` and `retry: 60000` when the session opens more than 20 live ' +
      'streams on a server (its oldest closes first). Errors before it opens are JSON.',
    content: { 'text/event-stream': { schema: jsonSchema(call.output, 'output') } },
  };
}

/** `Last-Event-ID`, which a stream reads as its `lastEventId` input (the header wins). */
const lastEventIdHeader = {
  name: 'Last-Event-ID',
  in: 'header',
  required: false,
  description: 'Resume after this event id (the browser sends it on reconnect); as `lastEventId`.',
  schema: { type: 'string' },
};

function queryParameters(schema: JsonSchema) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

/**
 * The properties of an object schema that `keep` selects (a multipart call sends its files in the
 * body and its other fields in the query, as the console does).
 */
function pickProperties(schema: JsonSchema, keep: (property: JsonSchema) => boolean): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const names = Object.keys(properties).filter((name) => keep(properties[name] ?? {}));
  return {
    ...schema,
    properties: Object.fromEntries(names.map((name) => [name, properties[name]])),
    required: ((schema.required ?? []) as string[]).filter((name) => names.includes(name)),
  };
}

const isFile = (property: JsonSchema) => property.format === 'binary';

/** An object schema without the named properties (those a call sends in the query). */
function withoutProperties(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties).filter(([name]) => !names.includes(name)),
    ),
    required: ((schema.required ?? []) as string[]).filter((name) => !names.includes(name)),
  };
}

const BODY_TYPES = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
} as const;

function operationOf(group: string, name: string, call: CallDef, method: string) {
  const input = jsonSchema(call.input, 'input');
  const parameters: unknown[] =
    call.svc === null
      ? []
      : [{ name: 'svc', in: 'query', required: true, schema: { type: 'string', const: call.svc } }];
  if (call.area.includes('{devClass}')) {
    parameters.push({
      name: 'devClass',
      in: 'path',
      required: true,
      schema: { type: 'string', enum: [...(call.devClasses ?? DEVICE_CLASSES)] },
    });
  }
  const body = method === 'get' || call.body === 'query' ? null : BODY_TYPES[call.body];
  let bodySchema = input;
  if (body === null) {
    parameters.push(...queryParameters(input));
  } else if (call.body === 'multipart') {
    parameters.push(...queryParameters(pickProperties(input, (p) => !isFile(p))));
    // the files are optional among the parsed fields only because the server streams them
    const files = pickProperties(input, isFile);
    bodySchema = { ...files, required: Object.keys(files.properties as JsonSchema) };
  } else if (call.queryFields !== undefined) {
    const inQuery = call.queryFields;
    parameters.push(...queryParameters(input).filter((p) => inQuery.includes(p.name)));
    bodySchema = withoutProperties(input, inQuery);
  }
  if (call.stream && 'lastEventId' in ((input.properties ?? {}) as JsonSchema)) {
    parameters.push(lastEventIdHeader);
  }
  const responses: Record<string, unknown> = {
    '200': call.stream
      ? streamResponse(call)
      : {
          description: 'Success',
          content: {
            [call.produces ?? 'application/json']: { schema: jsonSchema(call.output, 'output') },
          },
        },
    '400': errorResponse('Bad input: `error` and a message per field in `fields`'),
  };
  if (call.access === 'user') {
    responses['401'] = errorResponse('No session');
    responses['403'] = errorResponse('Not permitted (at that location), or a cross-site request');
    responses['404'] = errorResponse('Unknown object, or one the caller may not see');
  }
  if (call.rateLimit) responses['429'] = errorResponse('Rate limited; see Retry-After');
  return {
    operationId: `${group}.${name}${call.methods.length > 1 ? `.${method}` : ''}`,
    tags: [group],
    summary: call.summary,
    description: `Who may call: ${call.rule}.${call.demoOnly ? ' Served only in demo mode.' : ''}`,
    parameters,
    ...(body === null
      ? {}
      : { requestBody: { required: true, content: { [body]: { schema: bodySchema } } } }),
    responses,
    ...(call.access === 'user' ? { security: [{ session: [] }] } : { security: [] }),
    ...(call.rateLimit
      ? {
          'x-rate-limit': {
            max: call.rateLimit.max,
            windowSeconds: call.rateLimit.windowMs / 1000,
            per: 'address',
          },
        }
      : {}),
  };
}

export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [group, calls] of Object.entries(callTable)) {
    for (const [name, call] of Object.entries(calls as Record<string, CallDef>)) {
      const item = (paths[pathOf(call)] ??= {});
      for (const method of call.methods.map((m) => m.toLowerCase())) {
        item[method] = operationOf(group, name, call, method);
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Powerdeck API',
      version,
      description:
        'The calls of the Powerdeck console (console spec §7), generated from the call table in ' +
        'packages/domain/src/contract. Paths keep the spec’s shape `/data-svc/{area}/{script}?svc=…`; ' +
        'both `dataSvc.php` and `data-svc.php` are answered. `svc` may also be sent in a form body. ' +
        'A few calls are their path, without `svc` (`settingsManagement/devGet.php`, ' +
        '`bb232/sequencers.php`, the `eventPuller` live streams); a live stream answers ' +
        '`text/event-stream`, its schema describing the `data` of each event.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
  };
}
