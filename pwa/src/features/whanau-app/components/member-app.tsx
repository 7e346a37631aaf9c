import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { memberCopy } from '../offline/member-copy';
import { memberOutbox } from '../offline/member-kinds';
import { memberKeys, openWithDevice, readMemberState, useMemberState } from '../offline/member-vault';
import { CodeForm, EndedNotice, SetPinForm, UnlockForm } from './link-screens';
import { MemberHome } from './member-home';
import './whanau-app.css';

/**
 * /whanau-app (and /whanau-app/link, the QR code's link): the whānau member's own app on a
 * linked phone (DESIGN §4e). What shows follows the phone's link: the code, then the PIN, then
 * what was shared; with signal the device secret opens it, without it the PIN does.
 */
export function MemberApp() {
  const t = useT();
  const state = useMemberState();
  const [tryingDevice, setTryingDevice] = useState(false);

  useEffect(() => {
    void readMemberState();
  }, []);

  // Locked: with signal the phone's device secret opens the copy; the PIN screen shows only when it cannot.
  useEffect(() => {
    if (state.status !== 'locked') return;
    let live = true;
    setTryingDevice(true);
    void openWithDevice().finally(() => {
      if (live) setTryingDevice(false);
    });
    return () => {
      live = false;
    };
  }, [state.status]);

  // Unlocked: what waits is sent (the outbox's triggers start), and the copy opens from the phone, then asks the server what changed.
  useEffect(() => {
    const cipher = memberKeys.current();
    if (state.status !== 'unlocked' || !cipher) return;
    memberOutbox();
    void memberCopy.load(cipher).then(() => memberCopy.refreshKept().catch(() => undefined));
  }, [state.status]);

  let body;
  switch (state.status) {
    case 'none':
      body = <CodeForm />;
      break;
    case 'needs-pin':
      body = <SetPinForm />;
      break;
    case 'locked':
      body = tryingDevice ? <Spinner label={t('whanauApp.pin.opening')} /> : <UnlockForm triesLeft={state.triesLeft} />;
      break;
    case 'unlocked':
      return <MemberHome />;
    case 'ended':
      body = <EndedNotice reason={state.reason} />;
      break;
    default:
      body = <Spinner label={t('whanauApp.loading')} />;
  }
  return (
    <>
      <PageHeader eyebrow={t('whanauApp.eyebrow')} title={t('whanauApp.title')} />
      <div className="container member-app">{body}</div>
    </>
  );
}
