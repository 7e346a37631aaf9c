import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { clientKeys } from './client-keys';
import type { ClientChanges, ClientDetail, UpdateClientInput } from './types';

/** Only the changed fields, on the version the kaimahi started from; a 409 carries the conflicts. */
export type UpdateClientRequest = { id: string; baseVersion: number; changes: ClientChanges };

export function clientUpdate({ baseVersion, changes }: UpdateClientRequest): UpdateClientInput {
  return { _id: crypto.randomUUID(), baseVersion, changes };
}

export function updateClient(request: UpdateClientRequest): Promise<ClientDetail> {
  return apiRequest<ClientDetail>(apiPaths.client(request.id), { method: 'PATCH', json: clientUpdate(request) });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      queryClient.setQueryData<ClientDetail>(clientKeys.detail(client._id), (old) => ({ ...old, ...client, enrolments: client.enrolments ?? old?.enrolments ?? [], notes: client.notes ?? old?.notes ?? [] }));
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
