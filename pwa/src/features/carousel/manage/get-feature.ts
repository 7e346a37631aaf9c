import { useQuery } from '@tanstack/react-query';
import { featuresQuery } from '../api/get-features';

/**
 * One feature out of the carousel's list (the API has no single-feature read); `undefined` data
 * once loaded means it does not exist. Same key and fetcher as the home page's carousel.
 */
export function useFeature(id: string) {
  return useQuery({ ...featuresQuery(), select: (features) => features.find((feature) => feature._id === id) });
}
