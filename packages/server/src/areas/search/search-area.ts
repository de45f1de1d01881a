import type { Area } from '../area';
import { SearchRepository } from './search.repository';
import { registerSearchRoutes } from './search.routes';
import { SearchService } from './search.service';

/** The header search. */
export const searchArea: Area = {
  name: 'search',
  install: ({ calls, db }) =>
    registerSearchRoutes(calls, new SearchService(new SearchRepository(db))),
};
