import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { blogQueryKeys, forgetListedPost } from '../api/get-blog-posts';

export function deleteBlogPost(id: string): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.blogPost(id), { method: 'DELETE' });
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: (_result, id) => {
      forgetListedPost(queryClient, id);
      // The deleted post's own query is dropped, not refetched: it would only answer 404.
      queryClient.removeQueries({ queryKey: blogQueryKeys.post(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: blogQueryKeys.all, predicate: (query) => query.queryKey[3] !== id });
    },
  });
}
