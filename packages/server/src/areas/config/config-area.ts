import type { Area } from '../area';
import { registerConfigRoutes } from './config.routes';

/** What the console reads before sign-in. */
export const configArea: Area = {
  name: 'config',
  install: ({ calls, config }) => registerConfigRoutes(calls, config),
};
