import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function getOutbox() {
  return api.auth.outbox({});
}

export function useOutbox() {
  return useQuery({ queryKey: ['auth', 'outbox'], queryFn: getOutbox, staleTime: 0 });
}
