import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';

type PasswordFormProps = {
  submitLabel: string;
  /** Checks the password; resolves with the words to show beside the field when it is refused (undefined: accepted). */
  onPassword: (password: string) => Promise<string | undefined>;
};

/** The password asked for the copy on this device (to unlock it, or to keep one): one field, its error, one button. */
export function PasswordForm({ submitLabel, onPassword }: PasswordFormProps) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError(t('clients.unlock.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const refused = await onPassword(password);
      if (refused !== undefined) {
        setPassword('');
        setError(refused);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="unlock__form">
      <TextField
        label={t('clients.unlock.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={error}
        readOnly={busy}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <div className="client-form__actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('clients.unlock.busy') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
