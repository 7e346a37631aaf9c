import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { WhanauCaseload, WhanauDetail } from '@contract/whanau';
import { getStaffDb } from '../../../lib/vault/staff-db';
import { createCipher, createDataKey } from '../../../lib/vault/vault-crypto';
import {
  forgetWhanauCopy,
  keptWhanau,
  keptWhanauOfClient,
  keptWhanauSummary,
  loadWhanauCopy,
  openKeptWhanau,
  refreshWhanauCopy,
  searchKeptWhanau,
  updateKeptWhanau,
} from './whanau-copy';

afterEach(() => forgetWhanauCopy());

const time = '2026-11-01T00:00:00.000Z';

function whanau(name: string, clientId = crypto.randomUUID()): WhanauDetail {
  const _id = crypto.randomUUID();
  return {
    _id,
    name,
    leadClientId: clientId,
    notes: 'Kōrero on Tuesdays',
    version: 1,
    createdAt: time,
    createdBy: null,
    updatedAt: time,
    members: [
      {
        _id: crypto.randomUUID(),
        whanauId: _id,
        clientId,
        relationship: 'parent',
        relationshipText: null,
        client: { _id: clientId, givenName: 'Aroha', familyName: 'Parata', preferredName: null },
      },
    ],
    goals: [],
    tasks: [],
    contacts: [],
    caseNotes: [],
    corrections: [],
  };
}

async function cipherFor(userId = crypto.randomUUID()) {
  const { key } = await createDataKey('kia kaha te reo 2026', 1000);
  return createCipher(userId, key);
}

const answerOf = (list: WhanauDetail[], ids = list.map((one) => one._id)): WhanauCaseload => ({ whanau: list, ids, followUps: [], cursor: time });

describe('the whānau part of the device copy', () => {
  it('opens only the index after a lock: search and a client’s whānau work from it; a page is decrypted when opened', async () => {
    const cipher = await cipherFor();
    const parata = whanau('Te Whānau a Parata');
    const other = whanau('Ngāti Hemi');
    await refreshWhanauCopy(cipher, async () => answerOf([parata, other]));

    const rows = await getStaffDb(cipher.userId).parts.toArray();
    expect(rows.map((row) => row.part).sort()).toEqual(['whanau', 'whanau', 'whanau-index']);
    for (const row of rows) expect(new TextDecoder().decode(row.sealed.data)).not.toContain('Parata');

    forgetWhanauCopy();
    await loadWhanauCopy(cipher);
    expect(keptWhanau(parata._id)).toBeUndefined();
    expect(searchKeptWhanau('parata').map((one) => [one.name, one.memberCount])).toEqual([['Te Whānau a Parata', 1]]);
    expect(keptWhanauOfClient(parata.members[0]!.clientId!)?.whanau._id).toBe(parata._id);
    await openKeptWhanau(cipher, parata._id);
    expect(keptWhanau(parata._id)?.notes).toBe('Kōrero on Tuesdays');
    expect(keptWhanau(other._id)).toBeUndefined();
  });

  it('a change opens the row first, keeps the newer version, and the index follows a rename; a whānau that left the caseload goes', async () => {
    const cipher = await cipherFor();
    const parata = whanau('Te Whānau a Parata');
    const other = whanau('Ngāti Hemi');
    await refreshWhanauCopy(cipher, async () => answerOf([parata, other]));
    forgetWhanauCopy();
    await updateKeptWhanau(cipher, parata._id, (kept) => kept && { ...kept, name: 'Te Whānau Parata-Hemi', version: 2 });
    await updateKeptWhanau(cipher, parata._id, (kept) => kept && { ...kept, name: 'older', version: 1 });
    forgetWhanauCopy();
    await loadWhanauCopy(cipher);
    expect(keptWhanauSummary(parata._id)?.name).toBe('Te Whānau Parata-Hemi');
    await refreshWhanauCopy(cipher, async () => answerOf([], [parata._id]));
    expect(keptWhanauSummary(other._id)).toBeUndefined();
    expect(await getStaffDb(cipher.userId).parts.where('part').equals('whanau').count()).toBe(1);
  });

  it('reads a copy kept before the index (decision 081) and writes the index', async () => {
    const cipher = await cipherFor();
    const parata = whanau('Te Whānau a Parata');
    await getStaffDb(cipher.userId).parts.put({ part: 'whanau', _id: parata._id, sealed: await cipher.seal(parata) });
    await loadWhanauCopy(cipher);
    expect(keptWhanau(parata._id)?.name).toBe('Te Whānau a Parata');
    expect(await getStaffDb(cipher.userId).parts.get(['whanau-index', 'index'])).toBeDefined();
  });
});
