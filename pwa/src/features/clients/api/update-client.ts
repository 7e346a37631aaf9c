import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys } from './client-keys';
import type { Client, ClientChanges, ClientDetail, UpdateClientInput } from './types';

/** Only the changed fields, on the version the kaimahi started from; a 409 carries the conflicts. */
export type UpdateClientRequest = { id: string; baseVersion: number; changes: ClientChanges };

export function clientUpdate({ baseVersion, changes }: UpdateClientRequest): UpdateClientInput {
  return { _id: crypto.randomUUID(), baseVersion, changes };
}

/** The answer is the record alone (no enrolments or notes). */
export function updateClient(request: UpdateClientRequest): Promise<Client> {
  return apiRequest<Client>(staffApiPaths.client(request.id), { method: 'PATCH', json: clientUpdate(request) });
}

/** The page's record with a newer version of the record itself; its enrolments and notes kept. */
export function withRecord(old: ClientDetail | undefined, record: Client): ClientDetail | undefined {
  return old ? { ...old, ...record } : undefined;
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      queryClient.setQueryData<ClientDetail>(clientKeys.detail(client._id), (old) => withRecord(old, client));
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
