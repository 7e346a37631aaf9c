import { errorCodes, type ApiErrorItem, type ErrorCode } from '@contract/errors';
import { en } from '../i18n/en';
import { enErrors } from '../i18n/en-errors';
import '../i18n/errors';
import { currentLanguage, formatNumber, translate, type MessageKey } from '../i18n/i18n';

/**
 * The one place an error item becomes a sentence in the chosen language. In English it is the
 * server's own `msg` (spec §5: errors come from the server as a list of messages, and the
 * server's are the most specific: "Title is required"). In te reo Māori it is the sentence of
 * its `code` (with `limit` filled in), never the English; a code this app does not know (a newer
 * server) falls back to the server's `msg`.
 */
const codeKey = Object.fromEntries(errorCodes.map((code) => [code, `error.${code}`])) as Readonly<Record<ErrorCode, MessageKey>>;

const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(enErrors, key) || Object.hasOwn(en, key);

/** The label of the field an item names (`field.<param>`), or undefined when the app has none. */
export function fieldLabel(param: string | undefined): string | undefined {
  const field = param?.split('.')[0];
  if (!field) return undefined;
  const key = `field.${field}`;
  return isMessageKey(key) ? translate(key) : undefined;
}

type ErrorLike = Pick<ApiErrorItem, 'msg' | 'param' | 'limit'> & { code?: string };

/**
 * The sentence for one error item. In a form, beside its field, `withField: false` leaves the
 * field's name out; in an alert the name comes first ("Title: Please fill this in.").
 */
export function errorMessage(item: ErrorLike, { withField = true }: { withField?: boolean } = {}): string {
  if (currentLanguage() === 'en') return item.msg;
  const key = item.code && Object.hasOwn(codeKey, item.code) ? codeKey[item.code as ErrorCode] : undefined;
  if (!key) return item.msg;
  const message = translate(key, item.limit === undefined ? undefined : { limit: formatNumber(item.limit) });
  const label = withField ? fieldLabel(item.param) : undefined;
  return label ? translate('error.onField', { field: label, message }) : message;
}

/** A failure that is not an API error (a bug, a chunk that would not load). */
export const unexpectedErrorMessage = (): string => translate('error.unexpected');
