import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys } from './client-keys';
import type { CaseNote } from './types';

/** `_id` is the note's own id, made before sending: a resend adds it once. */
export type AddNoteRequest = { clientId: string; note: { _id: string; text: string } };

export function addNote({ clientId, note }: AddNoteRequest): Promise<CaseNote> {
  return apiRequest<CaseNote>(staffApiPaths.clientNotes(clientId), { method: 'POST', json: note });
}

export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    onSuccess: (_note, { clientId }) => queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
}
