import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFeatureInput, Feature } from '@contract/content';
import { apiUpload } from '../../../lib/api-upload';
import { apiPaths } from '../../../lib/paths';
import { featuresQueryKey } from '../api/get-features';

export type CreateFeatureRequest = { fields: CreateFeatureInput; image: File; onUploadProgress?: (fraction: number) => void };

/** Sends the feature as multipart (title, text, imageAlt, image), with upload progress. */
export function createFeature({ fields, image, onUploadProgress }: CreateFeatureRequest): Promise<Feature> {
  const formData = new FormData();
  formData.set('title', fields.title);
  formData.set('text', fields.text);
  formData.set('imageAlt', fields.imageAlt);
  // Without a state the server publishes at once, as before (decision 090).
  if (fields.status) formData.set('status', fields.status);
  if (fields.publishAt) formData.set('publishAt', fields.publishAt);
  formData.set('image', image, image.name);
  return apiUpload<Feature>(apiPaths.features, { method: 'POST', formData, onUploadProgress });
}

export function useCreateFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featuresQueryKey }),
  });
}
