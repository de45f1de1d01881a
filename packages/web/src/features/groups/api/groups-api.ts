import { notifications } from '@mantine/notifications';
import { messages, type GroupInput } from '@powerdeck/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/api-client';

const toast = (ok: boolean, message: string) =>
  notifications.show({ color: ok ? 'green' : 'red', message });

/** A refusal's own reason (e.g. 'Only the group creator can change this group.'), else `text`. */
function failureText(error: unknown, text: string): string {
  return error instanceof ApiRequestError && error.status < 500 && error.message !== ''
    ? `${text}: ${error.message}`
    : text;
}

/** Groups per page of the admin list. */
export const GROUPS_PER_PAGE = 10;

export const groupsKeys = {
  all: ['groups'] as const,
  list: ['groups', 'list'] as const,
  candidates: ['groups', 'candidates'] as const,
  details: (id: string) => ['groups', 'details', id] as const,
};

/** The admin list: pages appended to the earlier ones (spec §4). */
export function useGroupsList() {
  return useInfiniteQuery({
    queryKey: groupsKeys.list,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.groups.listGroupsForUser({ pageNo: pageParam, recordsPerPage: GROUPS_PER_PAGE }),
    getNextPageParam: (last) =>
      last.pageNo * last.recordsPerPage < last.totalRecords ? last.pageNo + 1 : undefined,
  });
}

/** The caller's level at each location, for canCreateGroup. */
export function useUserSites() {
  return useQuery({
    queryKey: ['accountManagement', 'getUserSitesData', 'self'],
    queryFn: ({ signal }) => api.account.getUserSitesData({}, { signal }),
  });
}

export function useGroupCandidates(enabled: boolean) {
  return useQuery({
    queryKey: groupsKeys.candidates,
    queryFn: () => api.groups.getGroupCandidates({}),
    enabled,
  });
}

export function useGroupDetails(id: string | null) {
  return useQuery({
    queryKey: groupsKeys.details(id ?? ''),
    queryFn: () => api.groups.getGroupDetailsById({ id: id ?? '' }),
    enabled: id !== null,
  });
}

/**
 * A member's level at each of the group's locations (`userDetails svc=getUserDataForSites`,
 * spec §7): the server gives only levels at locations the caller holds too, and nothing about a
 * user the caller shares no location with (404).
 */
export function useMemberLevels(userId: string, locationIds: readonly string[]) {
  return useQuery({
    queryKey: ['userDetails', 'getUserDataForSites', userId, [...locationIds].sort().join(',')],
    queryFn: ({ signal }) =>
      api.account.getUserDataForSites(
        { user: userId, locationIds: locationIds.join(',') },
        { signal },
      ),
    enabled: locationIds.length > 0,
  });
}

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: GroupInput }) =>
      id === null
        ? api.groups.createGroupWithLocnsAndUsers(input)
        : api.groups.editGroupWithLocnsAndUsers({ ...input, id }),
    onSuccess: async (_result, { id }) => {
      toast(true, id === null ? messages.groupCreated : messages.groupUpdated);
      await queryClient.invalidateQueries({ queryKey: groupsKeys.all });
    },
    onError: (error, { id }) =>
      toast(
        false,
        failureText(error, id === null ? messages.groupNotCreated : messages.groupNotUpdated),
      ),
  });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.groups.deleteGroupWithLocnsAndUsers({ id }),
    onSuccess: async () => {
      toast(true, messages.groupDeleted);
      await queryClient.invalidateQueries({ queryKey: groupsKeys.all });
    },
    onError: (error) => toast(false, failureText(error, messages.groupNotDeleted)),
  });
}
