import { notifications } from '@mantine/notifications';
import { messages, type AddLocationAndClient } from '@powerdeck/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

/** Drops keys without a value so the form body carries only what was entered. */
function compact(object: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== ''));
}

/** clientLocation svc=addLocationAndClient: form-encoded, location and client objects (spec §7). */
export function addLocationAndClient(payload: AddLocationAndClient) {
  return dataSvc<{ status: string; siteId: string }>('clientLocation', 'addLocationAndClient', {
    method: 'POST',
    form: {
      location: JSON.stringify(compact(payload.location)),
      ...(payload.client ? { client: JSON.stringify(compact(payload.client)) } : {}),
    },
  });
}

export function useAddLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addLocationAndClient,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: messages.locationAdded });
      await client.invalidateQueries({ queryKey: ['locations'] });
      await client.invalidateQueries({ queryKey: ['clients'] });
    },
    onError: () => notifications.show({ color: 'red', message: messages.locationNotAdded }),
  });
}
