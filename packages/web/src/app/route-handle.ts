import type { Params } from 'react-router';
import type { Crumb } from '../components/breadcrumbs';

/** Route `handle` of the console: the crumb this route adds to the breadcrumb bar. */
export interface RouteHandle {
  crumb?: (params: Params) => Crumb;
}
