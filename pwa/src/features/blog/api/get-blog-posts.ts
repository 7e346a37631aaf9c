import type { BlogPostSummary } from '@contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export const blogQueryKeys = {
  all: ['content', 'blog'] as const,
  list: () => [...blogQueryKeys.all, 'list'] as const,
  post: (id: string) => [...blogQueryKeys.all, 'post', id] as const,
};

/** Newest first, whatever order the list arrives in. */
export function newestFirst(posts: readonly BlogPostSummary[]): BlogPostSummary[] {
  return [...posts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** `GET /api/content/blog`: the newest 50 posts as the list shows them (no text), newest first. */
export function blogPostsQuery() {
  return queryOptions({
    queryKey: blogQueryKeys.list(),
    queryFn: async ({ signal }) => newestFirst(await apiRequest<BlogPostSummary[]>(apiPaths.blog, { signal })),
  });
}

export function useBlogPosts() {
  return useQuery(blogPostsQuery());
}
