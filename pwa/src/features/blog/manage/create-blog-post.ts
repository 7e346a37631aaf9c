import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPost, CreateBlogPostInput } from '@contract/content';
import { apiUpload } from '../../../lib/api-upload';
import { apiPaths } from '../../../lib/paths';
import { blogQueryKeys } from '../api/get-blog-posts';

export type CreateBlogPostRequest = { fields: CreateBlogPostInput; image: File; onUploadProgress?: (fraction: number) => void };

/** Sends the post as multipart (title, author, text, imageAlt, image), with upload progress. */
export function createBlogPost({ fields, image, onUploadProgress }: CreateBlogPostRequest): Promise<BlogPost> {
  const formData = new FormData();
  formData.set('title', fields.title);
  formData.set('author', fields.author);
  formData.set('text', fields.text);
  formData.set('imageAlt', fields.imageAlt);
  // Without a state the server publishes at once, as before (decision 090).
  if (fields.status) formData.set('status', fields.status);
  if (fields.publishAt) formData.set('publishAt', fields.publishAt);
  formData.set('image', image, image.name);
  return apiUpload<BlogPost>(apiPaths.blog, { method: 'POST', formData, onUploadProgress });
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlogPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogQueryKeys.all }),
  });
}
