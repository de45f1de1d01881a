import type { EnergySettings, LocationSettings, PermLvl } from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const settingsKey = (siteId: string) => ['locations', siteId, 'settings'] as const;

/** siteManagement svc=settings GET; the header, the settings tab and the No Permission dialog use it. */
export function useLocationSettings(siteId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKey(siteId),
    queryFn: ({ signal }) => api.siteSettings.settings({ siteId }, { signal }),
    retry: false,
    enabled: options.enabled ?? true,
  });
}

/** accountManagement svc=getTimezoneList: label and GMT offset. */
export function useTimezones() {
  return useQuery({
    queryKey: ['timezones'],
    queryFn: ({ signal }) => api.account.getTimezoneList({}, { signal }),
    staleTime: Infinity,
  });
}

function useSiteMutation<I, O>(siteId: string, fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['locations'] });
    },
  });
}

export function useSaveSettings(siteId: string) {
  return useSiteMutation(siteId, (s: LocationSettings) =>
    api.siteSettings.settings({ siteId, ...s }, { method: 'POST' }),
  );
}

export function useSetLock(siteId: string) {
  return useSiteMutation(siteId, (locked: boolean) =>
    api.siteSettings.lock({ siteId, otltLock: locked ? 'true' : 'false' }),
  );
}

export function useDeleteLocation(siteId: string) {
  return useMutation({
    mutationFn: () => api.siteSettings.deleteLocation({ siteId }),
  });
}

export const peopleKey = (siteId: string) => ['locations', siteId, 'people'] as const;

export function usePeople(siteId: string) {
  return useQuery({
    queryKey: peopleKey(siteId),
    queryFn: ({ signal }) => api.siteSettings.permissions({ siteId }, { signal }),
  });
}

export function usePeopleChange(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { op: 'add'; email: string; permLvl: PermLvl }
        | { op: 'edit'; userId: string; permLvl: PermLvl }
        | { op: 'delete'; userId: string },
    ) => {
      if (change.op === 'add') {
        return api.siteSettings.addPermission({
          siteId,
          email: change.email,
          permLvl: change.permLvl,
        });
      }
      if (change.op === 'edit') {
        return api.siteSettings.editPermission({
          siteId,
          userId: change.userId,
          permLvl: change.permLvl,
        });
      }
      return api.siteSettings.deletePermission({ siteId, userId: change.userId });
    },
    onSuccess: (people) => client.setQueryData(peopleKey(siteId), people),
  });
}

export function useEnergy(siteId: string) {
  return useQuery({
    queryKey: ['locations', siteId, 'energy'],
    queryFn: ({ signal }) => api.siteSettings.energy({ siteId }, { signal }),
  });
}

export function useSaveEnergy(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (energy: EnergySettings) => api.siteSettings.saveEnergy({ siteId, ...energy }),
    onSuccess: (energy) => client.setQueryData(['locations', siteId, 'energy'], energy),
  });
}
