import type { BlogPost } from '@contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** One post, with its text (the list carries only an excerpt). */
export function useBlogPost(id: string) {
  return useQuery(blogPostQuery(id));
}
