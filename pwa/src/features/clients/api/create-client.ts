import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys, enrolmentKeys } from './client-keys';
import type { ClientDetail, CreateClientInput } from './types';

/** `input._id` is made before sending, so a resend (by a person or the outbox) makes one client. */
export type CreateClientRequest = { input: CreateClientInput; fromEnrolment?: string };

export function createClient({ input, fromEnrolment }: CreateClientRequest): Promise<ClientDetail> {
  return apiRequest<ClientDetail>(`${staffApiPaths.clients}${queryString({ fromEnrolment })}`, { method: 'POST', json: input });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client._id), client);
      return Promise.all([queryClient.invalidateQueries({ queryKey: clientKeys.lists() }), queryClient.invalidateQueries({ queryKey: enrolmentKeys.all() })]);
    },
  });
}
