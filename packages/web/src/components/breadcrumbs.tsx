import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** One crumb of the breadcrumb bar (spec §2: id, name, url). */
export interface Crumb {
  id: string;
  name: string;
  url: string;
}

/** Every crumb but the last navigates; the last names the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb">
      <MantineBreadcrumbs separatorMargin={6}>
        {crumbs.map((crumb, index) =>
          index < crumbs.length - 1 ? (
            <Anchor key={crumb.id} component={Link} to={crumb.url} size="sm">
              {crumb.name}
            </Anchor>
          ) : (
            <Text key={crumb.id} size="sm" fw={500} aria-current="page">
              {crumb.name}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
