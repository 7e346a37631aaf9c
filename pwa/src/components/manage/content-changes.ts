import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ContentRevision } from '@contract/content';
import { apiRequest } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-upload';
import { staffApiPaths } from '../../lib/staff-paths';

/*
 * Editing, publishing and restoring a blog post or a carousel feature (decision 090): the same
 * calls for both, each feature naming its paths and the query keys an edit changes.
 */

export type ContentKind = 'blog' | 'feature';

/** The text fields of an edit, and where it stands; `publishAt` is ISO with its offset, or ''. */
export type ContentEdit = Record<string, string>;

export type SaveContentRequest = { fields: ContentEdit; image?: File; onUploadProgress?: (fraction: number) => void };

/** JSON when only words change; multipart (with upload progress) when a new picture comes. */
export function saveContent<Saved>(path: string, { fields, image, onUploadProgress }: SaveContentRequest): Promise<Saved> {
  if (!image) return apiRequest<Saved>(path, { method: 'PATCH', json: fields });
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  formData.set('image', image, image.name);
  return apiUpload<Saved>(path, { method: 'PATCH', formData, onUploadProgress });
}

const revisionsKey = (kind: ContentKind, id: string) => ['content', kind, 'revisions', id] as const;

/** The kept versions of one record, newest first. */
export function useRevisions(kind: ContentKind, id: string) {
  return useQuery({
    queryKey: revisionsKey(kind, id),
    queryFn: ({ signal }) => apiRequest<ContentRevision[]>(staffApiPaths.revisions(kind, id), { signal }),
  });
}

/** Saves an edit; afterwards the record, its revisions and every list showing it are read again. */
export function useSaveContent<Saved>(kind: ContentKind, id: string, path: string, changed: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveContentRequest) => saveContent<Saved>(path, request),
    onSuccess: () => {
      for (const queryKey of [...changed, revisionsKey(kind, id)]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Makes a revision's words current again. */
export function useRestoreRevision<Saved>(kind: ContentKind, id: string, changed: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: string) => apiRequest<Saved>(staffApiPaths.restoreRevision(kind, id, revisionId), { method: 'POST' }),
    onSuccess: () => {
      for (const queryKey of [...changed, revisionsKey(kind, id)]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
