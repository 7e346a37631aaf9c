import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceStaffMember } from '@contract/users';
import type { TaskRecord } from '@contract/whanau';
import { ApiRequestError } from '../../../lib/api-client';
import { getStaffDb } from '../../../lib/vault/staff-db';
import { createCipher, createDataKey } from '../../../lib/vault/vault-crypto';
import { withWaitingWrites, type FollowUpItem } from './follow-up-items';
import { forgetStaffCopy, keptStaffName, loadStaffCopy, refreshStaffCopy, staffKeptFor, staffOfServices } from './staff-copy';

afterEach(() => forgetStaffCopy());

async function cipherFor(userId = crypto.randomUUID()) {
  const { key } = await createDataKey('kia kaha te reo 2026', 1000);
  return createCipher(userId, key);
}

const hemi = { _id: crypto.randomUUID(), name: 'Hemi Kaimahi' };
const kiri = { _id: crypto.randomUUID(), name: 'Kiri Kaimahi' };
const ani = { _id: crypto.randomUUID(), name: 'ani Kaimahi' };
const lists: Record<string, ServiceStaffMember[]> = { whanau_ora_support: [hemi, kiri], raised_gardens: [ani, kiri] };
const fromServer = async (key: string) => {
  const list = lists[key];
  if (!list) throw new ApiRequestError(404, [{ msg: 'Service not found', code: 'not_found' }]);
  return list;
};

describe('the kaimahi of the person’s services on the device (decision 106)', () => {
  it('keeps one sealed row per service, opens them again after a lock, and names each colleague once', async () => {
    const cipher = await cipherFor();
    await refreshStaffCopy(cipher, ['whanau_ora_support', 'raised_gardens'], fromServer);
    const rows = await getStaffDb(cipher.userId).parts.toArray();
    expect(rows.map((row) => [row.part, row._id]).sort()).toEqual([
      ['staff', 'raised_gardens'],
      ['staff', 'whanau_ora_support'],
    ]);
    for (const row of rows) expect(new TextDecoder().decode(row.sealed.data)).not.toContain('Kaimahi');

    forgetStaffCopy();
    expect(staffOfServices(['whanau_ora_support'])).toEqual([]);
    await loadStaffCopy(cipher);
    expect(staffOfServices(['whanau_ora_support', 'raised_gardens']).map((member) => member.name)).toEqual(['ani Kaimahi', 'Hemi Kaimahi', 'Kiri Kaimahi']);
    expect(staffOfServices(['raised_gardens'])).toEqual([ani, kiri]);
    expect(keptStaffName(kiri._id)).toBe('Kiri Kaimahi');
  });

  it('keeps what it had when a service does not answer, drops services the person no longer works on, and throws when none answered', async () => {
    const cipher = await cipherFor();
    await refreshStaffCopy(cipher, ['whanau_ora_support', 'raised_gardens'], fromServer);
    await refreshStaffCopy(cipher, ['whanau_ora_support', 'raised_gardens'], async (key) => {
      if (key === 'raised_gardens') throw new Error('No signal');
      return [hemi];
    });
    expect(staffOfServices(['whanau_ora_support'])).toEqual([hemi]);
    expect(staffOfServices(['raised_gardens'])).toEqual([ani, kiri]);

    await refreshStaffCopy(cipher, ['whanau_ora_support'], fromServer);
    expect(staffOfServices(['raised_gardens'])).toEqual([]);
    expect((await getStaffDb(cipher.userId).parts.toArray()).map((row) => row._id)).toEqual(['whanau_ora_support']);

    await expect(refreshStaffCopy(cipher, ['whanau_ora_support'], () => Promise.reject(new Error('No signal')))).rejects.toThrow();
    expect(staffOfServices(['whanau_ora_support'])).toEqual([hemi, kiri]);
  });

  it('tells a service no one else works on from one this device has not heard about', async () => {
    const cipher = await cipherFor();
    expect(staffKeptFor(['whanau_ora_support'])).toBe(false);
    await refreshStaffCopy(cipher, ['whanau_ora_support', 'musical_therapy'], async (key) => (key === 'musical_therapy' ? [] : [hemi]));
    expect(staffKeptFor(['musical_therapy'])).toBe(true);
    expect(staffOfServices(['musical_therapy'])).toEqual([]);
    expect(staffKeptFor(['whanau_ora_support', 'raised_gardens'])).toBe(false);
  });
});

describe('a follow-up saved here for a colleague', () => {
  it('is shown assigned to them, by the name kept on the device', () => {
    const whanauId = crypto.randomUUID();
    const item = {
      _id: crypto.randomUUID(),
      kind: 'task.create',
      entityId: crypto.randomUUID(),
      subjectId: whanauId,
      state: 'pending',
      status: 'saved',
      label: 'Follow-up',
      title: null,
      fields: [],
      payload: null,
      createdAt: Date.parse('2026-12-01T00:00:00Z'),
      sentAt: null,
      attempts: 0,
      errors: [],
      conflict: null,
      change: { kind: 'task.create', task: { whanauId, text: 'Drop off kai', dueOn: '2026-12-05', assignedTo: kiri._id } },
    } satisfies FollowUpItem;
    const names = new Map<string, string>([[kiri._id, kiri.name]]);
    const [shown] = withWaitingWrites(
      [] as TaskRecord[],
      [item],
      hemi._id,
      () => 'Rewi',
      (id) => names.get(id) ?? null,
    );
    expect(shown).toMatchObject({ assignedTo: kiri._id, assignedToName: 'Kiri Kaimahi', createdBy: hemi._id, subjectName: 'Rewi' });
  });
});
