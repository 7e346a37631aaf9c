import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '@contract/whanau';
import { setStaffCipher } from '../../../lib/staff-cipher';
import { getStaffDb } from '../../../lib/vault/staff-db';
import { createCipher, createDataKey } from '../../../lib/vault/vault-crypto';
import { followUpOnDevice, followUpsOnDevice, forgetFollowUps, loadFollowUps, refreshFollowUps, updateFollowUp } from './follow-ups-copy';

afterEach(() => forgetFollowUps());

function task(text: string, extra: Partial<TaskRecord> = {}): TaskRecord {
  return {
    _id: crypto.randomUUID(),
    whanauId: null,
    clientId: crypto.randomUUID(),
    goalId: null,
    text,
    dueOn: '2026-12-02',
    assignedTo: 'me',
    assignedToName: 'Tui',
    doneAt: null,
    version: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    createdBy: null,
    subjectName: 'Aroha Te Whānau',
    ...extra,
  };
}

async function cipherFor(userId = crypto.randomUUID()) {
  const { key } = await createDataKey('kia kaha te reo 2026', 1000);
  return createCipher(userId, key);
}

describe('the follow-ups part of the device copy', () => {
  it('keeps the server’s open follow-ups sealed in one row, opens them again after a lock, and never holds the words in plain text', async () => {
    const cipher = await cipherFor();
    const heatPump = task('Ring about the heat pump');
    expect(await refreshFollowUps(cipher, async () => [heatPump, task('Drop off the uniform')])).toBe(2);

    const rows = await getStaffDb(cipher.userId).parts.toArray();
    expect(rows.map((row) => [row.part, row._id])).toEqual([['follow-ups', 'open']]);
    expect(new TextDecoder().decode(rows[0]!.sealed.data)).not.toContain('heat pump');

    forgetFollowUps();
    expect(followUpsOnDevice()).toEqual([]);
    await loadFollowUps(cipher);
    expect(followUpOnDevice(heatPump._id)?.text).toBe('Ring about the heat pump');
    expect(followUpsOnDevice()).toHaveLength(2);
  });

  it('takes a newer version and ignores an older one; a refresh replaces the list (done elsewhere leaves it)', async () => {
    const cipher = await cipherFor();
    const one = task('Take the forms to WINZ', { version: 2 });
    const other = task('Check in after the hui');
    await refreshFollowUps(cipher, async () => [one, other]);
    await updateFollowUp(cipher, one._id, () => ({ ...one, version: 1, text: 'older' }));
    expect(followUpOnDevice(one._id)?.text).toBe('Take the forms to WINZ');
    await updateFollowUp(cipher, one._id, () => ({ ...one, version: 3, doneAt: '2026-12-02T01:00:00.000Z' }));
    expect(followUpOnDevice(one._id)?.doneAt).toBe('2026-12-02T01:00:00.000Z');
    await refreshFollowUps(cipher, async () => [other]);
    expect(followUpsOnDevice().map((kept) => kept.text)).toEqual(['Check in after the hui']);
  });

  it('leaves memory when the copy locks, and a refresh with no signal keeps what was there', async () => {
    const cipher = await cipherFor();
    setStaffCipher(cipher);
    await refreshFollowUps(cipher, async () => [task('Ring the school')]);
    await expect(
      refreshFollowUps(cipher, async () => {
        throw new Error('no signal');
      }),
    ).rejects.toThrow('no signal');
    expect(followUpsOnDevice()).toHaveLength(1);
    setStaffCipher(null);
    expect(followUpsOnDevice()).toEqual([]);
  });
});
