import { dictionary } from '@zxcvbn-ts/language-common';
import { NewPasswordSchema } from '../../contract/users';

/**
 * About 49,000 passwords seen most often in breaches, from zxcvbn-ts's common list (lower-case).
 * Kept on the server: too big to ship to every phone that opens the app.
 */
const commonPasswords = new Set(dictionary['passwords-common']);

/**
 * True when the password, or the password with the digits and symbols people add at the end
 * ("sunshine2026!"), is on the common list. Compared in lower case, as the list is.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.trim().toLowerCase();
  if (commonPasswords.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return stem.length >= 4 && commonPasswords.has(stem);
}

export const commonPasswordMessage = 'This password is too common: attackers try it first. Choose another, such as a few unrelated words';

/** The contract's rules for a new password, plus the common-password list: for every place a password is set. */
export const StaffPasswordSchema = NewPasswordSchema.refine((password) => !isCommonPassword(password), { error: commonPasswordMessage });
