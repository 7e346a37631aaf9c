import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DuplicateCandidate } from '@contract/clients';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys } from './client-keys';

/** Likely duplicates of a record, with why: same date of birth and a similar name, or the same phone or email. */
export function getDuplicates(id: string, signal?: AbortSignal): Promise<DuplicateCandidate[]> {
  return apiRequest<DuplicateCandidate[]>(staffApiPaths.clientDuplicates(id), { signal });
}

export const duplicatesQuery = (id: string) => queryOptions({ queryKey: clientKeys.duplicates(id), queryFn: ({ signal }) => getDuplicates(id, signal) });

export function useDuplicates(id: string, enabled = true) {
  return useQuery({ ...duplicatesQuery(id), enabled });
}

/** Clients who are likely the person who sent an enrolment, for linking it. */
export function getEnrolmentDuplicates(enrolmentId: string, signal?: AbortSignal): Promise<DuplicateCandidate[]> {
  return apiRequest<DuplicateCandidate[]>(staffApiPaths.enrolmentDuplicates(enrolmentId), { signal });
}

export const enrolmentDuplicatesQuery = (enrolmentId: string) =>
  queryOptions({ queryKey: clientKeys.enrolmentDuplicates(enrolmentId), queryFn: ({ signal }) => getEnrolmentDuplicates(enrolmentId, signal) });

export function useEnrolmentDuplicates(enrolmentId: string) {
  return useQuery(enrolmentDuplicatesQuery(enrolmentId));
}
