/**
 * The phone's copy of what its whānau was shared (`GET /api/whanau-app`), one sealed row, as a part
 * of the sealed-part engine (decision 124) opened with the phone's own key (decision 134). What a
 * kaimahi stops sharing is missing from the next answer, so the copy drops it.
 */
import type { WhanauAppView } from '@contract/whanau-app';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';
import { sealedPart } from '../../../lib/vault/sealed-part';
import type { StaffCipher } from '../../../lib/staff-cipher';
import { memberApiPaths } from '../api/member-paths';
import { getMemberDb } from './member-db';
import { endLink, memberKeys, memberToken } from './member-vault';

type Copy = { userId: string; view: WhanauAppView | null };

async function open(cipher: StaffCipher): Promise<Copy> {
  const row = await getMemberDb().copy.get('view');
  return { userId: cipher.userId, view: row ? ((await cipher.open(row.sealed)) as WhanauAppView) : null };
}

async function refresh(cipher: StaffCipher): Promise<void> {
  let view: WhanauAppView;
  try {
    view = await apiRequest<WhanauAppView>(memberApiPaths.view, { token: memberToken() });
  } catch (error) {
    // Unlinked by a kaimahi (or the member left the whānau): the copy goes at this contact.
    if (error instanceof ApiRequestError && error.status === 401) await endLink('unlinked');
    throw error;
  }
  const sealed = await cipher.seal(view);
  await memberCopy.update(
    cipher,
    async (copy) => {
      await getMemberDb().copy.put({ key: 'view', sealed });
      copy.view = view;
      memberCopy.changed();
    },
    undefined,
  );
}

export const memberCopy = sealedPart<Copy>({ open, refresh, keys: memberKeys });

/** The copy as the screens show it (null before the first load); re-renders on each change. */
export function useMemberView(): WhanauAppView | null {
  memberCopy.useRevision();
  return memberCopy.current()?.view ?? null;
}
