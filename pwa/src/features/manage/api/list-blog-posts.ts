import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@contract/content';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { manageKeys } from './manage-keys';

/** Every blog post, newest first. */
export function listBlogPosts(signal?: AbortSignal): Promise<BlogPost[]> {
  return apiRequest<BlogPost[]>(apiPaths.blog, { signal });
}

export const blogPostsQuery = () => queryOptions({ queryKey: manageKeys.blogPosts(), queryFn: ({ signal }) => listBlogPosts(signal) });

export function useBlogPosts() {
  return useQuery(blogPostsQuery());
}
