import { useQuery } from '@tanstack/react-query';
import type { ErasureReview } from '@contract/clients';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { retentionKeys } from './retention-keys';

/** The whānau texts that may name the person, read (and audited) before an erasure (decision 110). */
export function reviewErasure(id: string, signal?: AbortSignal): Promise<ErasureReview> {
  return apiRequest<ErasureReview>(staffApiPaths.clientErasureReview(id), { signal });
}

/** Read when the erase dialog opens for a person (`id`), and again each time it opens. */
export function useErasureReview(id: string | null) {
  return useQuery({
    queryKey: retentionKeys.erasureReview(id ?? ''),
    queryFn: ({ signal }) => reviewErasure(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
