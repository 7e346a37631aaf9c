import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';

type PasswordFormProps = {
  submitLabel: string;
  /** A PIN instead of the password: digits, the phone's number pad, nothing for a password manager to fill. */
  pin?: boolean;
  /** Checks the password; resolves with the words to show beside the field when it is refused (undefined: accepted). */
  onPassword: (password: string) => Promise<string | undefined>;
};

/** The password (or PIN) asked for the copy on this device (to unlock it, or to keep one): one field, its error, one button. */
export function PasswordForm({ submitLabel, pin = false, onPassword }: PasswordFormProps) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError(t(pin ? 'clients.pin.required' : 'clients.unlock.required'));
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
        label={t(pin ? 'clients.pin.label' : 'clients.unlock.password')}
        name={pin ? 'pin' : 'password'}
        type="password"
        inputMode={pin ? 'numeric' : undefined}
        autoComplete={pin ? 'off' : 'current-password'}
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
