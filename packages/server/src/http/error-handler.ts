import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { HttpError, messages } from './errors';
import { zodFields } from './validation';

/**
 * Every error becomes a JSON `{error, fields?}` answer. Client mistakes (bad JSON, wrong content
 * type, too large, schema failures) keep their 4xx status; anything else is logged and is a 500
 * without details (ARCHITECTURE §6: never a 500 for client input).
 */
export function installErrorHandler(app: FastifyInstance): void {
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
