import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@contract/common';
import type { PrivacyRequestRecord, privacyOutcomes } from '@contract/whanau-app';
import { apiRequest } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { privacyRequestKeys } from './whanau-keys';

export const privacyRequestsPageSize = 20;

/** `GET /api/privacy-requests` (managers): open ones by due date, overdue first, then answered ones. */
export function listPrivacyRequests(page: number, signal?: AbortSignal): Promise<Page<PrivacyRequestRecord>> {
  return apiRequest<Page<PrivacyRequestRecord>>(`${staffApiPaths.privacyRequests}${queryString({ page, pageSize: privacyRequestsPageSize })}`, { signal });
}

export const privacyRequestsQuery = (page: number) =>
  queryOptions({
    queryKey: privacyRequestKeys.page(page),
    queryFn: ({ signal }) => listPrivacyRequests(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

export function usePrivacyRequests(page: number) {
  return useQuery(privacyRequestsQuery(page));
}

export type AnswerPrivacyRequest = { id: string; outcome: (typeof privacyOutcomes)[number]; answer?: string };

/** Records what was done: a copy given, the correction made, or a refusal with its reason. */
export function answerPrivacyRequest({ id, ...body }: AnswerPrivacyRequest): Promise<PrivacyRequestRecord> {
  return apiRequest<PrivacyRequestRecord>(staffApiPaths.privacyRequestAnswer(id), { method: 'POST', json: body });
}

export function useAnswerPrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerPrivacyRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyRequestKeys.all() }),
  });
}
