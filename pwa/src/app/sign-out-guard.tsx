/**
 * Signing out with work not yet sent (DESIGN §6): the app warns and offers to send first. The
 * check runs before every sign-out (lib/auth-token's `addSignOutCheck`); with nothing waiting
 * (the outbox's note in localStorage says so) it loads nothing and lets the sign-out go on.
 * Signing out anyway removes that work from this device, as sign-out removes all staff data.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/button';
import { useT } from '../i18n/use-t';
import { addSignOutCheck } from '../lib/auth-token';
import { readOutboxHint } from '../lib/outbox/hint';
import './sign-out-guard.css';
import '../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

type Asking = { count: number; phase: 'ask' | 'sending' | 'still'; answer: (signOut: boolean) => void };

async function unsentStaffWork(): Promise<number> {
  if (readOutboxHint() === 'empty') return 0;
  const { countUnsentStaffWork } = await import('../lib/outbox-triggers');
  return countUnsentStaffWork();
}

export function SignOutGuard() {
  const t = useT();
  const [asking, setAsking] = useState<Asking | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(
    () =>
      addSignOutCheck(async () => {
        const count = await unsentStaffWork().catch(() => 0);
        if (count === 0) return true;
        return new Promise<boolean>((resolve) => setAsking({ count, phase: 'ask', answer: resolve }));
      }),
    [],
  );

  useEffect(() => {
    const element = dialog.current;
    if (asking && element && !element.open) element.showModal();
  }, [asking]);

  if (!asking) return null;

  function finish(signOut: boolean) {
    dialog.current?.close();
    asking?.answer(signOut);
    setAsking(null);
  }

  async function sendFirst() {
    if (!asking) return;
    setAsking({ ...asking, phase: 'sending' });
    const { sendOutboxNow } = await import('../lib/outbox-triggers');
    await sendOutboxNow().catch(() => null);
    const left = await unsentStaffWork().catch(() => asking.count);
    if (left === 0) finish(true);
    else setAsking({ ...asking, count: left, phase: 'still' });
  }

  async function signOutAnyway() {
    const { staffOutbox } = await import('../lib/outbox-triggers');
    await staffOutbox.wipe().catch(() => undefined);
    finish(true);
  }

  return (
    <dialog
      ref={dialog}
      className="sign-out-guard"
      aria-labelledby="sign-out-guard-title"
      aria-describedby="sign-out-guard-text"
      onCancel={(event) => {
        event.preventDefault();
        finish(false);
      }}
    >
      <h2 id="sign-out-guard-title" className="sign-out-guard__title">
        {t('signOut.title')}
      </h2>
      <p id="sign-out-guard-text" role="status">
        {asking.phase === 'still' ? t('signOut.stillWaiting', { count: asking.count }) : t('signOut.unsent', { count: asking.count })}
      </p>
      <div className="sign-out-guard__actions">
        <Button onClick={() => void sendFirst()} disabled={asking.phase === 'sending'} autoFocus>
          {asking.phase === 'sending' ? t('signOut.sending') : t('signOut.sendFirst')}
        </Button>
        <Button variant="ghost" onClick={() => finish(false)}>
          {t('signOut.stay')}
        </Button>
        <Button variant="danger" onClick={() => void signOutAnyway()} disabled={asking.phase === 'sending'}>
          {t('signOut.anyway')}
        </Button>
      </div>
    </dialog>
  );
}
