import { useEffect, useMemo } from 'react';
import { getStaffCipher } from '../../../lib/staff-cipher';
import { useWhanauCopyRevision } from './use-whanau-copy';
import { loadWhanauCopy, searchKeptWhanau } from './whanau-copy';
import { isWaiting, useWhanauItems } from './whanau-items';

/** A whānau as another screen names it. */
export type WhanauName = { _id: string; name: string };

/**
 * The whānau the kaimahi's other screens can name (a follow-up's "For …"): those kept on this
 * device and those made here and not yet sent. Reads the copy, never the network.
 */
export function useWhanauNames(userId: string | null): WhanauName[] {
  const revision = useWhanauCopyRevision();
  const items = useWhanauItems(userId);
  useEffect(() => {
    const cipher = getStaffCipher();
    if (cipher && cipher.userId === userId) void loadWhanauCopy(cipher).catch(() => undefined);
  }, [userId]);
  return useMemo(() => {
    const kept = revision >= 0 ? searchKeptWhanau('').map(({ _id, name }) => ({ _id, name })) : [];
    const made = items.flatMap((item) =>
      item.change?.kind === 'whanau.create' && isWaiting(item) && !kept.some((whanau) => whanau._id === item.entityId)
        ? [{ _id: item.entityId, name: item.change.fields.name }]
        : [],
    );
    return [...made, ...kept];
  }, [revision, items]);
}
