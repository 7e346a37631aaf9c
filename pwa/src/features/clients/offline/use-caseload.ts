import { useEffect, useState, useSyncExternalStore } from 'react';
import { useOnline } from '../../../lib/use-online';
import { getStaffCipher } from '../../../lib/staff-cipher';
import { readVaultState, subscribeVault, vaultStateOf, type VaultState } from '../../../lib/vault/vault';
import { loadCaseload, refreshCaseload, useCaseloadRevision } from './caseload-copy';
import { loadStatementVersions, refreshStatementVersions } from './statement-versions';

/** The signed-in person's vault: none, locked (ask for the password), or unlocked. */
export function useVaultState(userId: string | null): VaultState {
  const state = useSyncExternalStore(
    subscribeVault,
    () => vaultStateOf(userId),
    () => vaultStateOf(userId),
  );
  useEffect(() => {
    if (userId) void readVaultState(userId).catch(() => undefined);
  }, [userId]);
  return state;
}

/** Re-renders when the decrypted copy changes; returns its revision. */
export { useCaseloadRevision };

export type CaseloadSync = { refreshing: boolean; failed: boolean };

/**
 * While the copy is unlocked: decrypts it into memory, and brings it up to date whenever the
 * server can be reached (on opening, and again each time the signal comes back), with the
 * privacy statement versions a consent may name.
 */
export function useCaseloadSync(userId: string | null): CaseloadSync {
  const vault = useVaultState(userId);
  const online = useOnline();
  const [sync, setSync] = useState<CaseloadSync>({ refreshing: false, failed: false });
  const unlocked = vault.status === 'unlocked';
  useEffect(() => {
    const cipher = getStaffCipher();
    if (!unlocked || !cipher || cipher.userId !== userId) return;
    let live = true;
    void (async () => {
      await Promise.all([loadCaseload(cipher), loadStatementVersions(cipher).catch(() => undefined)]);
      if (!online || !live) return;
      // The privacy statement versions a consent may name come down with the caseload; a failure
      // leaves the ones kept (or the built-in ones) and does not count as the caseload's.
      void refreshStatementVersions(cipher).catch(() => undefined);
      setSync({ refreshing: true, failed: false });
      try {
        await refreshCaseload(cipher);
        if (live) setSync({ refreshing: false, failed: false });
      } catch {
        if (live) setSync({ refreshing: false, failed: true });
      }
    })();
    return () => {
      live = false;
    };
  }, [unlocked, online, userId]);
  return sync;
}
