import type { ClientListQuery, EnrolmentListQuery } from './types';

/** Query keys of enrolments as staff see them: every list under one root, so a change refreshes them all. */
export const enrolmentKeys = {
  all: () => ['staff-enrolments'] as const,
  lists: () => ['staff-enrolments', 'list'] as const,
  list: (query: EnrolmentListQuery) => ['staff-enrolments', 'list', query] as const,
  newCount: () => ['staff-enrolments', 'new-count'] as const,
};

/** Query keys of client records, their duplicates and audit trails. */
export const clientKeys = {
  all: () => ['clients'] as const,
  lists: () => ['clients', 'list'] as const,
  list: (query: ClientListQuery) => ['clients', 'list', query] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
  duplicates: (id: string) => ['clients', 'duplicates', id] as const,
  enrolmentDuplicates: (enrolmentId: string) => ['clients', 'duplicates-of-enrolment', enrolmentId] as const,
  auditOf: (id: string) => ['clients', 'audit', id] as const,
  audit: (id: string, page: number) => ['clients', 'audit', id, page] as const,
  history: (id: string, page: number) => ['clients', 'history', id, page] as const,
};
