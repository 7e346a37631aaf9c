import { queryString } from '../../../lib/staff-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { enrolmentKeys } from './client-keys';
import type { EnrolmentListQuery, Page, StaffEnrolment } from './types';

/** Enrolments of the caller's services, newest first (managers: every service). */
export function listEnrolments(query: EnrolmentListQuery, signal?: AbortSignal): Promise<Page<StaffEnrolment>> {
  return apiRequest<Page<StaffEnrolment>>(`${apiPaths.enrolments}${queryString(query)}`, { signal });
}

export const enrolmentsQuery = (query: EnrolmentListQuery) =>
  queryOptions({ queryKey: enrolmentKeys.list(query), queryFn: ({ signal }) => listEnrolments(query, signal), placeholderData: keepPreviousData });

export function useEnrolments(query: EnrolmentListQuery) {
  return useQuery(enrolmentsQuery(query));
}
