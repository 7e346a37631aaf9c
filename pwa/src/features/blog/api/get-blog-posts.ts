import type { BlogListItem } from '@contract/answers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { validItems } from '../../../lib/answer-guards';
import { isBlogListItem } from '../../../lib/content-guards';
import { apiPaths } from '../../../lib/paths';

export const blogQueryKeys = {
  all: ['content', 'blog'] as const,
  list: () => [...blogQueryKeys.all, 'list'] as const,
  post: (id: string) => [...blogQueryKeys.all, 'post', id] as const,
};

/** Newest first, whatever order the list arrives in. */
export function newestFirst<Post extends { createdAt: string }>(posts: readonly Post[]): Post[] {
  return [...posts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * `GET /api/content/blog`: the posts, newest first. Takes the list as a plain array or as a
 * page (`{ items }`), each post with its text or an excerpt; a malformed post is left out (and
 * reported), the others still show.
 */
export function blogPostsQuery() {
  return queryOptions({
    queryKey: blogQueryKeys.list(),
    queryFn: async ({ signal }): Promise<BlogListItem[]> => newestFirst(validItems(await apiRequest<unknown>(apiPaths.blog, { signal }), isBlogListItem, 'blog post')),
  });
}

export function useBlogPosts() {
  return useQuery(blogPostsQuery());
}
