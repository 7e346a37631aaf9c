import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';
import { maxPinLength, minPinLength, removeVaultPin, setVaultPin, vaultHasPin } from '../../../lib/vault/vault';
import './quick-unlock.css';

type QuickUnlockCardProps = { userId: string; onWiped: () => void };
type Errors = { password?: string; pin?: string; again?: string };

/**
 * "Set a PIN for this phone" (DESIGN §6, decision 118): with a PIN, reopening with no signal asks
 * for it instead of the password. Setting one asks for the password again (checked on the device,
 * counted with the unlock screen's tries), so a phone left open cannot be given someone else's PIN.
 */
export function QuickUnlockCard({ userId, onWiped }: QuickUnlockCardProps) {
  const t = useT();
  const [hasPin, setHasPin] = useState<boolean | null>(null);
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void vaultHasPin(userId).then((answer) => {
      if (live) setHasPin(answer);
    });
    return () => {
      live = false;
    };
  }, [userId]);

  if (hasPin === null) return null;

  async function remove() {
    await removeVaultPin(userId);
    setHasPin(false);
    setDone(t('clients.pin.removed'));
  }

  return (
    <section className="clients-card quick-unlock" aria-labelledby="quick-unlock-heading">
      <h2 id="quick-unlock-heading">{t('clients.pin.title')}</h2>
      <p>{t(hasPin ? 'clients.pin.isSet' : 'clients.pin.offer', { min: minPinLength })}</p>
      {done && (
        <p className="quick-unlock__done" role="status">
          {done}
        </p>
      )}
      {editing ? (
        <PinForm
          userId={userId}
          onWiped={onWiped}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setHasPin(true);
            setDone(t('clients.pin.saved'));
          }}
        />
      ) : (
        <div className="quick-unlock__actions">
          <Button
            variant={hasPin ? 'outline' : 'primary'}
            onClick={() => {
              setDone(null);
              setEditing(true);
            }}
          >
            {t(hasPin ? 'clients.pin.change' : 'clients.pin.set')}
          </Button>
          {hasPin && (
            <Button variant="ghost" onClick={() => void remove()}>
              {t('clients.pin.remove')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

type PinFormProps = { userId: string; onWiped: () => void; onCancel: () => void; onSaved: () => void };

function PinForm({ userId, onWiped, onCancel, onSaved }: PinFormProps) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!password) found.password = t('clients.unlock.required');
    if (!pin) found.pin = t('clients.pin.required');
    else if (again !== pin) found.again = t('clients.pin.mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await setVaultPin(userId, password, pin);
      if (result.ok) {
        onSaved();
        return;
      }
      if ('wiped' in result) {
        onWiped();
        return;
      }
      if ('problem' in result) {
        setErrors({ pin: t(`clients.pin.problem.${result.problem}`, { min: minPinLength, max: maxPinLength }) });
        return;
      }
      setPassword('');
      setErrors({ password: t('clients.unlock.wrong', { count: result.triesLeft }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="quick-unlock__form">
      <TextField
        label={t('clients.unlock.password')}
        hint={t('clients.pin.passwordHint')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        readOnly={busy}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <TextField
        label={t('clients.pin.newLabel')}
        hint={t('clients.pin.hint', { min: minPinLength })}
        name="new-pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        required
        value={pin}
        error={errors.pin}
        readOnly={busy}
        onChange={(event) => setPin(event.currentTarget.value)}
      />
      <TextField
        label={t('clients.pin.againLabel')}
        name="pin-again"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        required
        value={again}
        error={errors.again}
        readOnly={busy}
        onChange={(event) => setAgain(event.currentTarget.value)}
      />
      <div className="quick-unlock__actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('clients.pin.saving') : t('clients.pin.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('clients.pin.cancel')}
        </Button>
      </div>
    </form>
  );
}
