import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail } from '@contract/clients';
import { checkA11y, screenshot, startHarness, type Harness } from './harness';
import { json } from './staff-helpers';

/** /manage/duplicates (DESIGN §4f, decision 120) as a manager uses it: a pair with its reason, merged field by field, then undone. */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const headers = { 'content-type': 'application/json' };

describe('the duplicates screen', () => {
  it('shows a likely pair with why, merges it keeping the chosen phone, and undoes the merge', async () => {
    const desk = await harness.newPage({ viewport: { width: 1440, height: 900 } });
    const { token } = await harness.loginAs(desk, 2);
    const create = (fields: Record<string, string>) =>
      harness
        .api('/api/clients', { method: 'POST', token, headers, body: JSON.stringify({ _id: randomUUID(), ...fields }) })
        .then((response) => json<ClientDetail>(response));
    const first = await create({ givenName: 'Māka', familyName: 'Rewiti', dateOfBirth: '1980-12-25', phone: '021 555 0101' });
    const second = await create({ givenName: 'Maka', familyName: 'Rewiti', dateOfBirth: '1980-12-25', phone: '027 444 0202' });
    const [kept, other] = first._id < second._id ? [first, second] : [second, first];

    await desk.goto('/manage');
    await desk.getByRole('link', { name: 'People entered twice: compare and merge' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Possible duplicates' }).waitFor();
    const pair = desk.getByRole('listitem').filter({ hasText: 'Same date of birth and name' });
    await pair.waitFor();
    expect(await pair.innerText()).toContain('Māka Rewiti');
    await pair.getByRole('button', { name: 'Compare and merge' }).click();
    await pair.getByRole('radio', { name: other.phone! }).check();
    await checkA11y(desk);
    await screenshot(desk, 'duplicates-1440');
    const merging = desk.waitForRequest((request) => request.url().endsWith('/merge'));
    await pair.getByRole('button', { name: 'Merge into the first record' }).click();
    expect((await merging).postDataJSON()).toMatchObject({ otherId: other._id, choices: { phone: 'other' } });
    await desk.getByRole('status').filter({ hasText: 'the two records are one' }).waitFor();
    const merged = await json<ClientDetail & { mergedInto?: string }>(await harness.api(`/api/clients/${other._id}`, { token }));
    expect(merged.mergedInto).toBe(kept._id);
    const keptNow = await json<ClientDetail>(await harness.api(`/api/clients/${kept._id}`, { token }));
    expect(keptNow.phone).toBe(other.phone);

    const undone = desk.waitForResponse((response) => response.url().includes('/undo'));
    await desk.getByRole('button', { name: 'Undo the merge' }).click();
    expect((await undone).status()).toBe(200);
    await desk.getByRole('status').filter({ hasText: 'The merge was undone' }).waitFor();
    expect((await json<ClientDetail>(await harness.api(`/api/clients/${kept._id}`, { token }))).phone).toBe(kept.phone);
    await pair.waitFor();

    const phone = await harness.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await harness.loginAs(phone, 2);
    await phone.goto('/manage/duplicates');
    const onPhone = phone.getByRole('listitem').filter({ hasText: 'Same date of birth and name' });
    await onPhone.getByRole('button', { name: 'Compare and merge' }).click();
    await onPhone.getByRole('button', { name: 'Merge into the first record' }).waitFor();
    await screenshot(phone, 'duplicates-390');
    await onPhone.getByRole('button', { name: 'Not the same person' }).click();
    await phone.getByRole('status').filter({ hasText: 'Marked as two different people.' }).waitFor();
    await onPhone.waitFor({ state: 'detached' });
  });
});
