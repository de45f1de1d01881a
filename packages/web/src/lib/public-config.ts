import type { PublicConfig } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from './public-calls';
import { DEFAULT_BRAND } from './constants';

export const publicConfigQueryKey = ['config', 'public'] as const;

export function getPublicConfig(): Promise<PublicConfig> {
  return publicApi.publicConfig({});
}

/** Configuration served before sign-in (brand, banner, classic-UI link, demo flag). */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: getPublicConfig,
    staleTime: 5 * 60_000,
  });
}

export function useBrand(): string {
  const { data } = usePublicConfig();
  return data?.brand || DEFAULT_BRAND;
}
