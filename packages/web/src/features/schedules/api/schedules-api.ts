import type { ScheduleFields } from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const scheduleKeys = {
  /** Every list of a location: the location's and each device's. */
  site: (siteId: string) => ['schedules', siteId] as const,
  list: (siteId: string, devId: string | undefined) =>
    ['schedules', siteId, devId ?? 'all'] as const,
};

/** The next fire and last result move on by themselves; a minute keeps them current. */
const REFRESH_MS = 60_000;
/** While a firing's commands are on their way, its result is asked for again sooner. */
const PENDING_REFRESH_MS = 3_000;

/** scheduleManagement svc=listSchedules: a location's schedules, or those touching one device. */
export function useSchedules(siteId: string, devId?: string) {
  return useQuery({
    queryKey: scheduleKeys.list(siteId, devId),
    queryFn: ({ signal }) =>
      api.schedules.listSchedules({ siteId, ...(devId !== undefined && { devId }) }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.records.some((s) => s.lastFire?.outcome === 'pending')
        ? PENDING_REFRESH_MS
        : REFRESH_MS,
  });
}

/** A change to a location's schedules; every list of the location is fetched again after it. */
function useScheduleMutation<I, O>(siteId: string, fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: scheduleKeys.site(siteId) }),
  });
}

/**
 * Adds a schedule (no id) or replaces one (with its id). `confirmNetworkOff`: the user confirmed
 * that it switches off an outlet feeding the location's network (409 without, issue 15).
 */
export function useSaveSchedule(siteId: string) {
  return useScheduleMutation(
    siteId,
    ({ id, ...fields }: ScheduleFields & { id?: number; confirmNetworkOff?: boolean }) =>
      id === undefined
        ? api.schedules.createSchedule({ siteId, ...fields })
        : api.schedules.editSchedule({ siteId, id, ...fields }),
  );
}

export function useSetScheduleEnabled(siteId: string) {
  return useScheduleMutation(siteId, ({ id, enabled }: { id: number; enabled: boolean }) =>
    api.schedules.setScheduleEnabled({ siteId, id, enabled }),
  );
}

export function useDeleteSchedule(siteId: string) {
  return useScheduleMutation(siteId, (id: number) => api.schedules.deleteSchedule({ siteId, id }));
}

export function useRunSchedule(siteId: string) {
  return useScheduleMutation(siteId, (id: number) => api.schedules.runSchedule({ siteId, id }));
}
