import { Box } from '@mantine/core';
import { useMatches } from 'react-router';
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs';
import { crumbName, useCrumbNames } from '../../lib/crumb-names';
import type { RouteHandle } from '../route-handle';

/** Crumbs from the matched routes' handles, outermost first. */
export function BreadcrumbBar() {
  const matches = useMatches();
  useCrumbNames();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const crumb = (match.handle as RouteHandle | undefined)?.crumb?.(match.params);
    if (crumb) crumbs.push({ ...crumb, name: crumbName(crumb.url) ?? crumb.name });
  }
  if (crumbs.length === 0) return null;
  return (
    <Box mb="md">
      <Breadcrumbs crumbs={crumbs} />
    </Box>
  );
}
