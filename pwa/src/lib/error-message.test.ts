import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateUserSchema } from '@contract/users';
import { checkInput, errorCodes, type ApiErrorItem } from '@contract/errors';
import { en as core } from '../i18n/en';
import { enErrors } from '../i18n/en-errors';
import { applyOverrides, setLanguage } from '../i18n/i18n';
import { errorMessage } from './error-message';

const items: ApiErrorItem[] = [
  { msg: 'Title is required', code: 'required', param: 'title' },
  { msg: 'Title must be at most 200 characters', code: 'too_long', param: 'title', limit: 200 },
  { msg: 'Text must be at most 20000 characters', code: 'too_long', param: 'text', limit: 20_000 },
  { msg: 'Post not found', code: 'not_found' },
  { msg: 'Server error', code: 'server_error' },
];

describe('error messages by code', () => {
  // The language layer sets <html lang>; these tests run without a page.
  beforeAll(() => vi.stubGlobal('document', { documentElement: { lang: 'en-NZ' } }));
  afterEach(async () => {
    await applyOverrides('mi', {});
    await setLanguage('en');
  });

  it('gives every code of the contract a sentence in the catalogue', () => {
    const en = { ...core, ...enErrors };
    expect(errorCodes.filter((code) => !(`error.${code}` in en))).toEqual([]);
  });

  it('says each problem in English in the server’s own words, which already name the field', () => {
    expect(items.map((item) => errorMessage(item))).toEqual(items.map((item) => item.msg));
    expect(errorMessage(items[0]!, { withField: false })).toBe('Title is required');
  });

  it('says each problem in te reo Māori when that is chosen, never the English msg', async () => {
    await setLanguage('mi');
    expect(items.map((item) => errorMessage(item))).toEqual([
      'Taitara — Me whakakī tēnei.',
      'Taitara — Kia 200 ngā pū, iti iho rānei.',
      expect.stringMatching(/^Tuhinga — Kia 20.000 ngā pū, iti iho rānei\.$/),
      'Kāore i kitea. Tērā pea kua mukua.',
      'I hē tētahi mea i te tūmau. Me ngana anō.',
    ]);
    for (const item of items) expect(errorMessage(item)).not.toContain(item.msg);
  });

  it('maps the app’s own checks through the same codes as the server', async () => {
    const checked = checkInput(CreateUserSchema, { name: ' ', email: 'nope', access: 2.5, password: 'short' });
    expect(checked.success).toBe(false);
    const errors = checked.success ? [] : checked.errors;
    expect(errors.map(({ code, param, limit }) => ({ code, param, limit }))).toEqual([
      { code: 'required', param: 'name', limit: undefined },
      { code: 'invalid_email', param: 'email', limit: undefined },
      { code: 'not_integer', param: 'access', limit: undefined },
      { code: 'too_short', param: 'password', limit: 12 },
    ]);
    await setLanguage('mi');
    expect(errorMessage(errors[3]!)).toBe('Kupuhipa — Kia 12 ngā pū, neke atu rānei.');
  });

  it('falls back to the server’s words for a code this app does not know', async () => {
    await setLanguage('mi');
    expect(errorMessage({ msg: 'Client record is locked', code: 'record_locked' })).toBe('Client record is locked');
  });

  it('uses a manager’s correction of the Māori sentence', async () => {
    await applyOverrides('mi', { 'error.not_found': 'Kāore i kitea tēnā.' });
    await setLanguage('mi');
    expect(errorMessage({ msg: 'Post not found', code: 'not_found' })).toBe('Kāore i kitea tēnā.');
  });
});
