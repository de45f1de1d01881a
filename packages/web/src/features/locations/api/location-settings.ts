import {
  type EnergySettings,
  type LocationSettings,
  type LocationSettingsView,
  type PermLvl,
  type SitePermission,
  type TimezoneOption,
} from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

export const settingsKey = (siteId: string) => ['locations', siteId, 'settings'] as const;

/** siteManagement svc=settings GET; the header, the settings tab and the No Permission dialog use it. */
export function useLocationSettings(siteId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKey(siteId),
    queryFn: ({ signal }) =>
      dataSvc<LocationSettingsView>('siteManagement', 'settings', { query: { siteId }, signal }),
    retry: false,
    enabled: options.enabled ?? true,
  });
}

/** accountManagement svc=getTimezoneList: label and GMT offset. */
export function useTimezones() {
  return useQuery({
    queryKey: ['timezones'],
    queryFn: ({ signal }) =>
      dataSvc<TimezoneOption[]>('accountManagement', 'getTimezoneList', { signal }),
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
    dataSvc<LocationSettingsView>('siteManagement', 'settings', {
      method: 'POST',
      query: { siteId },
      form: { siteId, ...s },
    }),
  );
}

export function useSetLock(siteId: string) {
  return useSiteMutation(siteId, (locked: boolean) =>
    dataSvc('siteManagement', 'lock', { method: 'POST', form: { siteId, otltLock: locked } }),
  );
}

export function useDeleteLocation(siteId: string) {
  return useMutation({
    mutationFn: () => dataSvc('locations', 'deleteLocation', { query: { siteId } }),
  });
}

export const peopleKey = (siteId: string) => ['locations', siteId, 'people'] as const;

export function usePeople(siteId: string) {
  return useQuery({
    queryKey: peopleKey(siteId),
    queryFn: ({ signal }) =>
      dataSvc<SitePermission[]>('siteManagement', 'permissions', { query: { siteId }, signal }),
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
      const svc =
        change.op === 'add'
          ? 'addPermission'
          : change.op === 'edit'
            ? 'editPermission'
            : 'deletePermission';
      const { op: _op, ...fields } = change;
      return dataSvc<SitePermission[]>('siteManagement', svc, {
        method: 'POST',
        form: { siteId, ...fields },
      });
    },
    onSuccess: (people) => client.setQueryData(peopleKey(siteId), people),
  });
}

export function useEnergy(siteId: string) {
  return useQuery({
    queryKey: ['locations', siteId, 'energy'],
    queryFn: ({ signal }) =>
      dataSvc<EnergySettings>('siteManagement', 'energy', { query: { siteId }, signal }),
  });
}

export function useSaveEnergy(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (energy: EnergySettings) =>
      dataSvc<EnergySettings>('siteManagement', 'saveEnergy', {
        method: 'POST',
        query: { siteId },
        json: energy,
      }),
    onSuccess: (energy) => client.setQueryData(['locations', siteId, 'energy'], energy),
  });
}
