import type { BlogPost } from '@contract/content';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { apiPaths } from '../../../lib/paths';
import { blogQueryKeys, listedPost } from './get-blog-posts';

/** No answer at all (no signal, server down) and no copy saved on this phone. */
export const isNotSaved = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 0;

/** The server's answer that there is no such post (gone, or never a post's id). */
export const isMissing = (error: unknown): boolean => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/**
 * `GET /api/content/blog/{id}`: one post. With no answer it is not tried again at once: a post
 * never opened on this phone says so straight away (issue 11) and loads when the server answers
 * again (`useBlogPost`).
 */
export function blogPostQuery(id: string) {
  return queryOptions({
    queryKey: blogQueryKeys.post(id),
    queryFn: ({ signal }) => apiRequest<BlogPost>(apiPaths.blogPost(id), { signal }),
    retry: (failureCount, error) => !isNotSaved(error) && !(error instanceof ApiRequestError && error.status < 500) && failureCount < 2,
  });
}

/**
 * One post; shows the copy from the list at once when the list was loaded first and carries the
 * whole text (a paged list carries only an excerpt). Loads by itself when the phone is back online.
 */
export function useBlogPost(id: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const post = useQuery({
    ...blogPostQuery(id),
    // "No such post" is an answer: not asked again as the page opens, so a page the server
    // rendered as gone (with that answer in its data) hydrates as gone, not as a spinner.
    retryOnMount: !isMissing(queryClient.getQueryState(blogQueryKeys.post(id))?.error),
    placeholderData: () => {
      const listed = listedPost(queryClient, id);
      return listed && typeof listed.text === 'string' ? { ...listed, text: listed.text } : undefined;
    },
  });
  const { refetch } = post;
  const waitingForSignal = post.isError && isNotSaved(post.error);
  useEffect(() => {
    if (online && waitingForSignal) void refetch();
  }, [online, waitingForSignal, refetch]);
  return post;
}
