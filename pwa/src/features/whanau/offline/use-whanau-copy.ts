import { useEffect, useState, useSyncExternalStore } from 'react';
import { getStaffCipher, onStaffCipherChange } from '../../../lib/staff-cipher';
import { useOnline } from '../../../lib/use-online';
import { loadOutputsCopy, outputsCopyRevision, refreshOutputsCopy, subscribeOutputsCopy } from './outputs-copy';
import { loadWhanauCopy, openKeptWhanau, refreshWhanauCopy, useWhanauCopyRevision } from './whanau-copy';

/** Re-renders when the decrypted whānau change; returns the copy's revision. */
export { useWhanauCopyRevision };

/** Re-renders when the decrypted service outputs change; returns their revision. */
export function useOutputsCopyRevision(): number {
  return useSyncExternalStore(subscribeOutputsCopy, outputsCopyRevision, outputsCopyRevision);
}

/**
 * While the person's copy is unlocked (the caseload gate around every whānau screen sees to it):
 * decrypts the whānau and the services' outputs into memory, and brings them up to date whenever
 * the server can be reached (the outputs beside the whānau; a failure of theirs only leaves the
 * kept ones as they were).
 */
export function useWhanauCopySync(userId: string | null): { refreshing: boolean; failed: boolean } {
  const online = useOnline();
  const [sync, setSync] = useState({ refreshing: false, failed: false });
  const cipher = getStaffCipher();
  const unlocked = cipher !== null && cipher.userId === userId;
  useEffect(() => {
    const current = getStaffCipher();
    if (!unlocked || !current) return;
    let live = true;
    void (async () => {
      await Promise.all([loadWhanauCopy(current), loadOutputsCopy(current)]);
      if (!online || !live) return;
      setSync({ refreshing: true, failed: false });
      void refreshOutputsCopy(current).catch(() => undefined);
      try {
        await refreshWhanauCopy(current);
        if (live) setSync({ refreshing: false, failed: false });
      } catch {
        if (live) setSync({ refreshing: false, failed: true });
      }
    })();
    return () => {
      live = false;
    };
  }, [unlocked, online]);
  return sync;
}

/** While the copy is unlocked: decrypts the page of whānau `id` (decision 105: only the whānau shown is opened). */
export function useOpenKeptWhanau(userId: string | null, id: string): void {
  const [cipher, setCipher] = useState(() => getStaffCipher());
  useEffect(() => onStaffCipherChange(setCipher), []);
  useEffect(() => {
    if (cipher && cipher.userId === userId) void openKeptWhanau(cipher, id).catch(() => undefined);
  }, [cipher, userId, id]);
}
