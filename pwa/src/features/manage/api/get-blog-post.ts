import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@contract/content';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { manageKeys } from './manage-keys';

export function getBlogPost(id: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiRequest<BlogPost>(apiPaths.blogPost(id), { signal });
}

export const blogPostQuery = (id: string) =>
  queryOptions({ queryKey: manageKeys.blogPost(id), queryFn: ({ signal }) => getBlogPost(id, signal) });

export function useBlogPost(id: string) {
  return useQuery(blogPostQuery(id));
}
