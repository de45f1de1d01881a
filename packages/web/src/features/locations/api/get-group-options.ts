import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The most groups the list call gives in one page (its contract's limit). */
const GROUPS_AT_ONCE = 500;

/**
 * The groups a new location may join (spec §2 create-location form): those of
 * `groups svc=listGroupsForUser` the caller may change (the server refuses any other).
 */
export function useGroupOptions(enabled = true) {
  return useQuery({
    queryKey: ['groups', 'options'],
    queryFn: ({ signal }) =>
      api.groups.listGroupsForUser({ pageNo: 1, recordsPerPage: GROUPS_AT_ONCE }, { signal }),
    select: (page) =>
      page.records.filter((g) => g.canEdit).map((g) => ({ value: g.id, label: g.groupName })),
    enabled,
  });
}
