import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPost } from '@contract/content';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { manageKeys } from './manage-keys';

export function deleteBlogPost(id: string): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.blogPost(id), { method: 'DELETE' });
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<BlogPost[]>(manageKeys.blogPosts(), (posts) => posts?.filter((post) => post._id !== id));
      // The deleted post's own query is dropped, not refetched: it would only answer 404.
      queryClient.removeQueries({ queryKey: manageKeys.blogPost(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: manageKeys.blog(), predicate: (query) => query.queryKey[3] !== id });
    },
  });
}
