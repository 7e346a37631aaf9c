import type { BlogListItem } from '@contract/answers';
import { blogListPageSize } from '@contract/limits';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { validItems } from '../../../lib/answer-guards';
import { isBlogListItem } from '../../../lib/content-guards';
import { apiPaths } from '../../../lib/paths';
import { publishedAt } from '../format-date';

export const blogQueryKeys = {
  all: ['content', 'blog'] as const,
  /** The list from its `from`th page on (the first unless a visitor came to `/blog?page=`). */
  list: (from = 1) => (from === 1 ? ([...blogQueryKeys.all, 'list'] as const) : ([...blogQueryKeys.all, 'list', from] as const)),
  post: (id: string) => [...blogQueryKeys.all, 'post', id] as const,
};

/** Newest first by publication time, as the server orders them, whatever order the list arrives in. */
export function newestFirst<Post extends { createdAt: string; publishAt?: string | undefined }>(posts: readonly Post[]): Post[] {
  return [...posts].sort((a, b) => publishedAt(b).localeCompare(publishedAt(a)));
}

/** One page of the list: its posts that fit the contract, and whether the server has more. */
export type BlogListPage = { posts: BlogListItem[]; more: boolean };

/**
 * `GET /api/content/blog?page=`: the posts, newest first, `blogListPageSize` at a time (decision
 * 068). A full page means there may be more; a malformed post is left out (and reported), the
 * others still show, and it does not end the list early (fullness is counted before the check).
 * A page sent as `{ items }` (not what the server sends today) is read as the last.
 */
export function blogPostsQuery(from = 1) {
  return infiniteQueryOptions({
    queryKey: blogQueryKeys.list(from),
    initialPageParam: from,
    queryFn: async ({ pageParam, signal }): Promise<BlogListPage> => {
      const answer = await apiRequest<unknown>(pageParam > 1 ? `${apiPaths.blog}?page=${pageParam}` : apiPaths.blog, { signal });
      const sent = Array.isArray(answer) ? answer.length : 0;
      return { posts: validItems(answer, isBlogListItem, 'blog post'), more: sent >= blogListPageSize };
    },
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.more ? lastPageParam + 1 : undefined),
  });
}

/** Every page loaded so far as one list, newest first; a post that moved to the next page while reading shows once. */
function allPosts(data: InfiniteData<BlogListPage, number>): BlogListItem[] {
  const byId = new Map<string, BlogListItem>();
  for (const page of data.pages) for (const post of page.posts) if (!byId.has(post._id)) byId.set(post._id, post);
  return newestFirst([...byId.values()]);
}

/** The blog's posts (`data`) from its `from`th page, with `hasNextPage` / `fetchNextPage` for older ones. */
export function useBlogPosts(from = 1) {
  return useInfiniteQuery({ ...blogPostsQuery(from), select: allPosts });
}

/**
 * The page of the list a visitor asked for with `?page=` (what "Show older posts" sends with
 * JavaScript off): a whole number from 1, anything else the first.
 */
export function blogPageOf(asked: string | null): number {
  const page = Number(asked);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** A post from the pages of the list loaded so far, if it is there. */
export function listedPost(queryClient: QueryClient, id: string): BlogListItem | undefined {
  const data = queryClient.getQueryData<InfiniteData<BlogListPage, number>>(blogQueryKeys.list());
  return data?.pages.flatMap((page) => page.posts).find((post) => post._id === id);
}

/** Takes a deleted post out of the pages loaded so far, at once (the list is refetched after). */
export function forgetListedPost(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<InfiniteData<BlogListPage, number>>(blogQueryKeys.list(), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post._id !== id) })) } : data,
  );
}
