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

/** The server's messages per field (`param`, its last part), for a form to show beside each field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiRequestError)) return fields;
  for (const item of error.errors) {
    if (!item.param) continue;
    const parts = item.param.split('.').filter((part) => part !== 'changes');
    const field = parts[0] === 'consent' ? `consent${(parts[1] ?? 'how').replace(/^./, (c) => c.toUpperCase())}` : (parts[0] ?? item.param);
    const message = errorMessage(item, { withField: false });
    fields[field] = fields[field] ? `${fields[field]} ${message}` : message;
  }
  return fields;
}

/** Errors that belong to no field, to show above a form. */
export function formErrorsOf(error: unknown): string[] {
  if (!(error instanceof ApiRequestError)) return error ? [translate('clients.somethingFailed')] : [];
  if (error.status === 0) return [translate('clients.noConnection')];
  return error.errors.filter((item) => !item.param).map((item) => errorMessage(item));
}
