import { notifications } from '@mantine/notifications';
import { messages, type AddLocationAndClient } from '@powerdeck/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * clientLocation svc=addLocationAndClient: form-encoded, the location and client objects as JSON
 * text (spec §7).
 */
export function addLocationAndClient(payload: AddLocationAndClient) {
  return api.locationCreate.addLocationAndClient(payload);
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
