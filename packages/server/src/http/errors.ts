import type { ApiError } from '@powerdeck/domain';

/** An answer to the client other than 200: thrown by services and mapped by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ApiError,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error);
    this.name = 'HttpError';
  }
}

export const messages = {
  signIn: 'Please sign in.',
  notFound: 'Not found',
  noLocationPermission: "You don't have permission to access this location.",
  crossSite: 'Cross-site requests are not allowed.',
  methodNotAllowed: 'Method not allowed',
  unexpected: 'Something went wrong. Please try again.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  clientGone: 'The connection was closed before the request was run.',
} as const;

export const badRequest = (error: string, fields?: Record<string, string>) =>
  new HttpError(400, fields ? { error, fields } : { error });
export const unauthorized = (error: string = messages.signIn) => new HttpError(401, { error });
export const forbidden = (error: string) => new HttpError(403, { error });
export const notFound = (error: string = messages.notFound) => new HttpError(404, { error });
export const conflict = (error: string) => new HttpError(409, { error });
export const tooManyRequests = (error: string, retryAfterSeconds: number) =>
  new HttpError(429, { error }, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });
