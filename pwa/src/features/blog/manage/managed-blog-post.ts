import { useQuery } from '@tanstack/react-query';
import type { ManagedBlogPost } from '@contract/content';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { staffApiPaths } from '../../../lib/staff-paths';
import { useSaveContent } from '../../../components/manage/content-changes';
import { blogQueryKeys } from '../api/get-blog-posts';

export const managedBlogKeys = {
  post: (id: string) => [...blogQueryKeys.all, 'managed', id] as const,
  unpublished: () => [...blogQueryKeys.all, 'unpublished'] as const,
};

/** `GET /api/content/manage/blog/{id}`: a post whatever its state, to edit and preview. */
export function useManagedBlogPost(id: string) {
  return useQuery({
    queryKey: managedBlogKeys.post(id),
    queryFn: ({ signal }) => apiRequest<ManagedBlogPost>(staffApiPaths.managedBlogPost(id), { signal }),
  });
}

/** `GET /api/content/manage/blog`: drafts and scheduled posts, which the public list leaves out. */
export function useUnpublishedBlogPosts() {
  return useQuery({
    queryKey: managedBlogKeys.unpublished(),
    queryFn: ({ signal }) => apiRequest<ManagedBlogPost[]>(staffApiPaths.managedBlogPosts, { signal }),
  });
}

/** `PATCH /api/content/blog/{id}`; afterwards every blog query is read again (lists, the post, drafts). */
export function useUpdateBlogPost(id: string) {
  return useSaveContent<ManagedBlogPost>('blog', id, apiPaths.blogPost(id), [blogQueryKeys.all]);
}
