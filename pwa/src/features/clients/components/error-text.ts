import { translate } from '../../../i18n/i18n';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

/** What went wrong, in the chosen language: the server's errors by code, or a general line when there was none. */
export function errorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 0) return translate('clients.noConnection');
    return error.errors.map((item) => errorMessage(item)).join(' ');
  }
  return translate('clients.somethingFailed');
}
