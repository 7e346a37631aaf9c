import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatInviteCode, normaliseInviteCode } from '@contract/whanau-app';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';
import type { MessageKey } from '../../../i18n/i18n';
import { ApiRequestError } from '../../../lib/api-client';
import { linkPhone, setMemberPin, startAgain, unlockWithPin, type EndedReason } from '../offline/member-vault';

/** "I have a code from my kaimahi": the code as typed, or from the QR code's link (`?code=`). */
export function CodeForm() {
  const t = useT();
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => formatInviteCode(normaliseInviteCode(params.get('code') ?? '')));
  const [sending, setSending] = useState(false);
  const errors = useFormErrors(['code'] as const);

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    setSending(true);
    try {
      await linkPhone(code);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 0) errors.show([], { code: [t('whanauApp.link.needsSignal')] });
      else errors.showFailure(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="member-card member-form" onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary state={errors} />
      <p>{t('whanauApp.link.lead')}</p>
      <TextField
        label={t('whanauApp.link.code')}
        hint={t('whanauApp.link.codeHint')}
        name="code"
        value={code}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        className="member-code"
        onChange={(event) => setCode(event.target.value)}
        error={errors.errorOf('code')}
      />
      <Button type="submit" disabled={sending}>
        {t('whanauApp.link.submit')}
      </Button>
    </form>
  );
}

const pinProblems = {
  length: 'whanauApp.pin.problem.length',
  digits: 'whanauApp.pin.problem.digits',
  simple: 'whanauApp.pin.problem.simple',
  mismatch: 'whanauApp.pin.problem.mismatch',
} as const satisfies Record<string, MessageKey>;

/** Right after linking: the PIN that opens the phone's copy with no signal. */
export function SetPinForm() {
  const t = useT();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [saving, setSaving] = useState(false);
  const errors = useFormErrors(['pin', 'again'] as const);

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    setSaving(true);
    try {
      const result = await setMemberPin(pin, again);
      if (!result.ok) errors.show([], { [result.problem === 'mismatch' ? 'again' : 'pin']: [t(pinProblems[result.problem])] });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="member-card member-form" onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary state={errors} />
      <h2>{t('whanauApp.pin.setTitle')}</h2>
      <p>{t('whanauApp.pin.setLead')}</p>
      <PinField label={t('whanauApp.pin.pin')} name="pin" value={pin} onChange={setPin} error={errors.errorOf('pin')} autoComplete="new-password" />
      <PinField label={t('whanauApp.pin.again')} name="again" value={again} onChange={setAgain} error={errors.errorOf('again')} autoComplete="new-password" />
      <Button type="submit" disabled={saving}>
        {saving ? t('whanauApp.pin.opening') : t('whanauApp.pin.save')}
      </Button>
    </form>
  );
}

/** Reopened with no signal: the PIN opens the copy; five wrong ones wipe it. */
export function UnlockForm({ triesLeft }: { triesLeft: number }) {
  const t = useT();
  const [pin, setPin] = useState('');
  const [checking, setChecking] = useState(false);
  const errors = useFormErrors(['pin'] as const);

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    setChecking(true);
    try {
      const result = await unlockWithPin(pin);
      if (!result.ok && 'triesLeft' in result) {
        setPin('');
        errors.show([], { pin: [t('whanauApp.pin.wrong', { count: result.triesLeft })] });
      }
    } finally {
      setChecking(false);
    }
  }

  return (
    <form className="member-card member-form" onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary state={errors} />
      <h2>{t('whanauApp.pin.unlockTitle')}</h2>
      <p>{t('whanauApp.pin.unlockLead')}</p>
      <PinField label={t('whanauApp.pin.pin')} name="pin" value={pin} onChange={setPin} error={errors.errorOf('pin')} autoComplete="current-password" />
      {triesLeft < 5 && !errors.errorOf('pin') && <p className="member-note">{t('whanauApp.pin.wrong', { count: triesLeft })}</p>}
      <Button type="submit" disabled={checking}>
        {checking ? t('whanauApp.pin.opening') : t('whanauApp.pin.unlock')}
      </Button>
    </form>
  );
}

type PinFieldProps = { label: string; name: string; value: string; onChange(value: string): void; error?: string; autoComplete: string };

function PinField({ label, name, value, onChange, error, autoComplete }: PinFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={12}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      className="member-pin"
    />
  );
}

const endedWords = {
  pin: 'whanauApp.ended.pin',
  unlinked: 'whanauApp.ended.unlinked',
  'by-member': 'whanauApp.ended.byMember',
} as const satisfies Record<EndedReason, MessageKey>;

/** The copy was wiped: why, and the way back to linking with a new code. */
export function EndedNotice({ reason }: { reason: EndedReason }) {
  const t = useT();
  return (
    <div className="member-card" role="status">
      <p>{t(endedWords[reason])}</p>
      <Button onClick={startAgain}>{t('whanauApp.ended.again')}</Button>
    </div>
  );
}
