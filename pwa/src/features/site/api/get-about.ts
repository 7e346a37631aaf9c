import type { AboutPage } from '@contract/about-page';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { isRecord } from '../../../lib/answer-guards';
import { textApiPaths } from '../../../lib/text-paths';
import { siteKeys } from './site-keys';

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The About page's answer, checked: English complete, Māori an object (each part checked where shown). */
function isAboutPage(value: unknown): value is AboutPage {
  if (!isRecord(value) || !isRecord(value.en) || !isRecord(value.mi)) return false;
  const { lead, paragraphs, values } = value.en;
  return (
    typeof lead === 'string' &&
    isStrings(paragraphs) &&
    Array.isArray(values) &&
    values.every((item) => isRecord(item) && typeof item.name === 'string' && typeof item.text === 'string')
  );
}

/** The first version, built into the app (its own chunk): what shows with no signal and no copy yet. */
async function builtInAbout(): Promise<AboutPage> {
  const { aboutPageSeed } = await import('@contract/about-page');
  return { en: aboutPageSeed, mi: {}, updatedAt: null };
}

/** `GET /api/content/about`: the About page in English and te reo Māori (decision 093). */
export function aboutPageQuery() {
  return queryOptions({
    queryKey: siteKeys.about(),
    queryFn: async ({ signal }): Promise<AboutPage> => {
      try {
        const answer = await apiRequest<unknown>(textApiPaths.about, { signal });
        if (isAboutPage(answer)) return answer;
        console.warn('The About page answer was malformed; showing the built-in words.');
        return builtInAbout();
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 0) return builtInAbout();
        throw error;
      }
    },
  });
}

export function useAboutPage() {
  return useQuery(aboutPageQuery());
}
