import { useEffect, useState } from 'react';
import { getStaffCipher, onStaffCipherChange } from '../../../lib/staff-cipher';
import { useOnline } from '../../../lib/use-online';
import {
  followUpDaysOnDevice,
  followUpsOnDevice,
  isFollowUpsLoaded,
  loadFollowUps,
  openFollowUpDays,
  refreshFollowUps,
  useFollowUpsRevision,
} from './follow-ups-copy';

export { useFollowUpsRevision };

export type FollowUpsSync = { loaded: boolean; refreshing: boolean; failed: boolean };

/**
 * While the copy is unlocked: decrypts the follow-ups into memory and brings them up to date
 * whenever the server can be reached (on opening, and each time the signal comes back).
 */
export function useFollowUpsSync(userId: string | null): FollowUpsSync {
  useFollowUpsRevision();
  const online = useOnline();
  const [cipher, setCipher] = useState(() => getStaffCipher());
  const [sync, setSync] = useState({ refreshing: false, failed: false });
  useEffect(() => onStaffCipherChange(setCipher), []);
  const unlocked = cipher !== null && cipher.userId === userId;
  useEffect(() => {
    if (!unlocked || !cipher) return;
    let live = true;
    void (async () => {
      await loadFollowUps(cipher);
      if (!online || !live) return;
      setSync({ refreshing: true, failed: false });
      try {
        await refreshFollowUps(cipher);
        if (live) setSync({ refreshing: false, failed: false });
      } catch {
        if (live) setSync({ refreshing: false, failed: true });
      }
    })();
    return () => {
      live = false;
    };
  }, [unlocked, cipher, online]);
  return { loaded: userId !== null && isFollowUpsLoaded(userId), ...sync };
}

/** While the copy is unlocked: decrypts the follow-ups due on `dueOns` (decision 105: a screen opens only the days it shows). */
export function useOpenFollowUpDays(userId: string | null, dueOns: readonly string[]): void {
  const [cipher, setCipher] = useState(() => getStaffCipher());
  useEffect(() => onStaffCipherChange(setCipher), []);
  const wanted = dueOns.join(' ');
  useEffect(() => {
    if (!cipher || cipher.userId !== userId || !wanted) return;
    void openFollowUpDays(cipher, wanted.split(' ')).catch(() => undefined);
  }, [cipher, userId, wanted]);
}

export { followUpDaysOnDevice, followUpsOnDevice };
