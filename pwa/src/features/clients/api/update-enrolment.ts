import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrolmentStatus } from '@contract/enrolments';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys, enrolmentKeys } from './client-keys';
import type { EnrolmentRef, StaffEnrolment, UpdateEnrolmentInput } from './types';

export type UpdateEnrolmentRequest = { enrolment: Pick<EnrolmentRef, '_id' | 'version'>; changes: { status?: EnrolmentStatus; clientId?: string } };

/** The operation for a status change or a link, with its own id so the outbox can carry it later. */
export function enrolmentUpdate({ enrolment, changes }: UpdateEnrolmentRequest): UpdateEnrolmentInput {
  return { _id: crypto.randomUUID(), baseVersion: enrolment.version, changes };
}

export function updateEnrolment(request: UpdateEnrolmentRequest): Promise<StaffEnrolment> {
  return apiRequest<StaffEnrolment>(staffApiPaths.enrolment(request.enrolment._id), { method: 'PATCH', json: enrolmentUpdate(request) });
}

export function useUpdateEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnrolment,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: enrolmentKeys.all() }), queryClient.invalidateQueries({ queryKey: clientKeys.all() })]),
  });
}
