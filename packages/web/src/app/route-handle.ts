import type { Params } from 'react-router';
import type { Crumb } from '../components/breadcrumbs';

/** Route `handle` of the console: the crumb (or crumbs, outermost first) this route adds. */
export interface RouteHandle {
  crumb?: (params: Params) => Crumb | readonly Crumb[];
}
