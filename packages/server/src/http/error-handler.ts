import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { HttpError, badRequest, messages } from './errors';
import { findNul, multipartWithoutBoundary, zodFields } from './validation';

/**
 * Every error becomes a JSON `{error, fields?}` answer. Client mistakes (bad JSON, wrong content
 * type, too large, schema failures) keep their 4xx status; anything else is logged and is a 500
 * without details (ARCHITECTURE §6: never a 500 for client input).
 *
 * Input no route can take is refused here once, for every route: a multipart body without a
 * boundary, and a NUL character anywhere in the query, path or body (PostgreSQL refuses NUL in
 * text, so it would otherwise fail deep in a query as a 500).
 */
/**
 * Fastify's `frameworkErrors`: a path it cannot decode never reaches the error handler, so it is
 * answered here in the same `{error}` shape.
 */
export function frameworkErrorAnswer(error: FastifyError, _request: unknown, reply: FastifyReply) {
  void reply
    .code(error.statusCode ?? 400)
    .send({ error: 'The address of the request could not be read.' });
}

export function installErrorHandler(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (multipartWithoutBoundary(request.headers['content-type'])) {
      const message = 'A multipart/form-data body needs a boundary.';
      done(badRequest(message, { 'content-type': message }));
      return;
    }
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const refused = findNul([request.query, request.params, request.body]);
    done(refused ? badRequest(refused.message, { [refused.field]: refused.message }) : undefined);
  });
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (error instanceof ZodError) {
      const fields = zodFields(error);
      return reply.code(400).send({ error: Object.values(fields)[0] ?? 'Invalid request', fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      return reply.code(status).send({ error: clientMessage(error) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: messages.unexpected });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    default:
      return error.message;
  }
}
