import { collectionStatement, earlierStatementVersions, type PrivacyStatement } from '@contract/enrolment-form';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { isRecord } from '../../../lib/answer-guards';
import { textApiPaths } from '../../../lib/text-paths';

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function isPrivacyStatement(value: unknown): value is PrivacyStatement {
  return isRecord(value) && typeof value.version === 'string' && isStrings(value.en) && value.en.length > 0 && (value.mi === null || isStrings(value.mi));
}

/** The first version, built into the app: what the form shows with no signal and no copy of the published one yet. */
export const builtInStatement: PrivacyStatement = {
  version: collectionStatement.version,
  en: [...collectionStatement.text],
  mi: null,
  publishedAt: null,
  versions: [collectionStatement.version, ...earlierStatementVersions],
};

export const privacyStatementKey = ['content', 'privacy'] as const;

/**
 * `GET /api/content/privacy`: the statement as published now, the one a person agrees to on the
 * form (decision 094). The service worker keeps the last copy for offline use.
 */
export function privacyStatementQuery() {
  return queryOptions({
    queryKey: privacyStatementKey,
    queryFn: async ({ signal }): Promise<PrivacyStatement> => {
      try {
        const answer = await apiRequest<unknown>(textApiPaths.privacy, { signal });
        if (isPrivacyStatement(answer)) return answer;
        console.warn('The privacy statement answer was malformed; showing the built-in one.');
        return builtInStatement;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 0) return builtInStatement;
        throw error;
      }
    },
  });
}

export function usePrivacyStatement() {
  return useQuery(privacyStatementQuery());
}
