import { useEffect, useState, useSyncExternalStore } from 'react';
import { getStaffCipher, onStaffCipherChange } from '../../../lib/staff-cipher';
import { useOnline } from '../../../lib/use-online';
import { loadStaffCopy, refreshStaffCopy, staffCopyRevision, subscribeStaffCopy } from './staff-copy';

/** Re-renders when the kept lists of kaimahi change; returns their revision. */
export function useStaffCopyRevision(): number {
  return useSyncExternalStore(subscribeStaffCopy, staffCopyRevision, staffCopyRevision);
}

/**
 * While the copy is unlocked: decrypts the kept lists of kaimahi and brings those of `services`
 * up to date whenever the server can be reached (a failure only leaves the kept ones as they were).
 */
export function useStaffCopySync(userId: string | null, services: readonly string[]): void {
  const online = useOnline();
  const [cipher, setCipher] = useState(() => getStaffCipher());
  useEffect(() => onStaffCipherChange(setCipher), []);
  const unlocked = cipher !== null && cipher.userId === userId;
  const wanted = services.join(' ');
  useEffect(() => {
    if (!unlocked || !cipher) return;
    void (async () => {
      await loadStaffCopy(cipher);
      if (online && wanted) await refreshStaffCopy(cipher, wanted.split(' '));
    })().catch(() => undefined);
  }, [unlocked, cipher, online, wanted]);
}
