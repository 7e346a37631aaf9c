import { LoginSchema } from '@contract/auth';
import { checkInput } from '@contract/errors';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { ErrorSummary, useFormErrors } from '../../components/form-errors';
import { TextField } from '../../components/text-field';
import { ApiRequestError } from '../api-client';
import { useShowErrors } from '../../components/alerts/use-show-errors';
import { SpecText } from '../../i18n/spec-text';
import { useT } from '../../i18n/use-t';
import { useAuth } from './auth-context';

/**
 * Staff sign-in. Problems show as danger alerts titled 'Error' (spec §8), and with the one form
 * helper: beside the field they concern and in a summary, in the reader's language.
 */
const loginFields = ['email', 'password'] as const;

export function LoginForm({ onLoggedIn }: { onLoggedIn?: () => void }) {
  const t = useT();
  const { logIn } = useAuth();
  const showErrors = useShowErrors();
  const formErrors = useFormErrors(loginFields);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    formErrors.clear();
    try {
      // The contract's schema checks the form first, with the same messages the server gives.
      const parsed = checkInput(LoginSchema, { email: form.get('email') ?? '', password: form.get('password') ?? '' });
      if (!parsed.success) throw new ApiRequestError(400, parsed.errors);
      await logIn(parsed.data.email, parsed.data.password);
      onLoggedIn?.();
    } catch (error) {
      formErrors.showFailure(error);
      showErrors(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary state={formErrors} />
      <TextField label={t('login.email')} name="email" type="email" autoComplete="username" required error={formErrors.errorOf('email')} />
      <TextField label={t('login.password')} name="password" type="password" autoComplete="current-password" required error={formErrors.errorOf('password')} />
      <Button type="submit" variant="secondary" size="lg" className="login__submit" disabled={busy}>
        {busy ? t('login.busy') : <SpecText id="menuLogin" />}
      </Button>
    </form>
  );
}
