import type { BlogPost } from '@contract/content';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { blogQueryKeys } from './get-blog-posts';

/** `GET /api/content/blog/{id}`: one post. */
export function blogPostQuery(id: string) {
  return queryOptions({
    queryKey: blogQueryKeys.post(id),
    queryFn: ({ signal }) => apiRequest<BlogPost>(apiPaths.blogPost(id), { signal }),
  });
}

/** One post; shows the copy from the list at once when the list was loaded first. */
export function useBlogPost(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...blogPostQuery(id),
    placeholderData: () => queryClient.getQueryData<BlogPost[]>(blogQueryKeys.list())?.find((post) => post._id === id),
  });
}
