import type { Area } from '../area';
import { registerApiDocsRoutes } from './api-docs.routes';

/**
 * The OpenAPI document generated from the call table, at `/api/openapi.json`, and its browsable
 * reference page at `/api/docs`.
 */
export const apiDocsArea: Area = {
  name: 'api-docs',
  install: ({ app }) => registerApiDocsRoutes(app),
};
