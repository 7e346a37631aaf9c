import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '@contract/whanau';
import { setStaffCipher } from '../../../lib/staff-cipher';
import { getStaffDb } from '../../../lib/vault/staff-db';
import { createCipher, createDataKey } from '../../../lib/vault/vault-crypto';
import {
  followUpDaysOnDevice,
  followUpOnDevice,
  followUpsOnDevice,
  followUpsRefreshedAt,
  forgetFollowUps,
  loadFollowUps,
  openFollowUpDays,
  refreshFollowUps,
  updateFollowUp,
} from './follow-ups-copy';

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
  it('keeps a sealed index and one sealed row per due date; after a lock it opens the index alone, then only the days asked for', async () => {
    const cipher = await cipherFor();
    const heatPump = task('Ring about the heat pump', { dueOn: '2026-12-02' });
    const uniform = task('Drop off the uniform', { dueOn: '2026-12-09' });
    const school = task('Ring the school', { dueOn: '2026-12-09', doneAt: '2026-12-01T01:00:00.000Z' });
    expect(await refreshFollowUps(cipher, async () => [heatPump, uniform, school])).toBe(3);

    const rows = await getStaffDb(cipher.userId).parts.toArray();
    expect(rows.every((row) => row.part === 'follow-ups')).toBe(true);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const bytes = new TextDecoder().decode(row.sealed.data);
      expect(bytes).not.toContain('heat pump');
      expect(bytes).not.toContain('2026-12');
      expect(row._id).not.toContain('2026-12');
    }

    forgetFollowUps();
    expect(followUpsOnDevice()).toEqual([]);
    await loadFollowUps(cipher);
    expect(followUpsOnDevice()).toEqual([]);
    expect(followUpsRefreshedAt()).not.toBeNull();
    expect(followUpDaysOnDevice().map(({ dueOn, open, isOpened }) => [dueOn, open, isOpened])).toEqual([
      ['2026-12-02', 1, false],
      ['2026-12-09', 1, false],
    ]);
    await openFollowUpDays(cipher, ['2026-12-09']);
    expect(
      followUpsOnDevice()
        .map((kept) => kept.text)
        .sort(),
    ).toEqual(['Drop off the uniform', 'Ring the school']);
    expect(followUpOnDevice(heatPump._id)).toBeUndefined();
    await openFollowUpDays(cipher, ['2026-12-02']);
    expect(followUpOnDevice(heatPump._id)?.text).toBe('Ring about the heat pump');
  });

  it('moves a follow-up whose due date changed to its new day, drops an emptied day, and keeps that after a lock', async () => {
    const cipher = await cipherFor();
    const one = task('Take the forms to WINZ', { dueOn: '2026-12-02' });
    await refreshFollowUps(cipher, async () => [one]);
    forgetFollowUps();
    // After a lock nothing is open: the result names the date to look on.
    await updateFollowUp(cipher, one._id, (kept) => kept && { ...kept, dueOn: '2026-12-04', version: 2 }, '2026-12-02');
    expect(followUpOnDevice(one._id)?.dueOn).toBe('2026-12-04');
    expect(followUpDaysOnDevice().map((day) => day.dueOn)).toEqual(['2026-12-04']);
    expect(await getStaffDb(cipher.userId).parts.count()).toBe(2);
    forgetFollowUps();
    await loadFollowUps(cipher);
    await openFollowUpDays(cipher, ['2026-12-04']);
    expect(followUpOnDevice(one._id)?.version).toBe(2);
  });

  it('reads a copy kept as one row (decision 083) and rewrites it by day', async () => {
    const cipher = await cipherFor();
    const kept = task('Check the power bill');
    await getStaffDb(cipher.userId).parts.put({ part: 'follow-ups', _id: 'open', sealed: await cipher.seal({ tasks: [kept], refreshedAt: 5 }) });
    await loadFollowUps(cipher);
    expect(followUpsRefreshedAt()).toBe(5);
    expect(followUpOnDevice(kept._id)?.text).toBe('Check the power bill');
    const ids = (await getStaffDb(cipher.userId).parts.toArray()).map((row) => row._id);
    expect(ids).not.toContain('open');
    expect(ids).toContain('index');
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
