import { useQuery } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export function getOutbox(): Promise<{ messages: OutboxMessage[] }> {
  return dataSvc<{ messages: OutboxMessage[] }>('auth', 'outbox');
}

export function useOutbox() {
  return useQuery({ queryKey: ['auth', 'outbox'], queryFn: getOutbox, staleTime: 0 });
}
