import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientRecord } from '@contract/clients';
import type { Page as ApiPage } from '@contract/common';
import { checkA11y, screenshot, startHarness, type Harness } from './harness';
import { json } from './staff-helpers';

/** /manage/import (DESIGN §4f, decision 119) as a manager uses it: upload, map, preview with problems, confirm, undo. */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** 40 people, one with a date that cannot be read, one entered twice, one blank line, macrons decomposed. */
function clientsCsv(): string {
  const lines = ['Ingoa,Surname,Rā whānau,Waea,Notes'];
  for (let index = 0; index < 40; index++) {
    const date = index === 7 ? 'about 1980' : `${String(1 + (index % 28)).padStart(2, '0')}/0${1 + (index % 9)}/19${60 + index}`;
    lines.push(`${index % 2 ? 'Ta\u0304ne' : 'Aroha'},Importtest${index},${date},03 555 ${String(1000 + index)},x`);
    if (index === 20) lines.push('');
  }
  lines.push(lines[3]!);
  return `${lines.join('\n')}\n`;
}

describe('the import screen', () => {
  it('reads a file with a progress bar, previews its problems, maps a column, adds the people and undoes it', async () => {
    const desk = await harness.newPage({ viewport: { width: 1440, height: 900 } });
    const { token } = await harness.loginAs(desk, 2);
    await desk.goto('/manage');
    await desk.getByRole('link', { name: 'Import people from a spreadsheet (.csv or .xlsx)' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Import from a spreadsheet' }).waitFor();
    await desk.getByLabel('Spreadsheet file').setInputFiles({ name: 'whanau.csv', mimeType: 'text/csv', buffer: Buffer.from(clientsCsv(), 'utf8') });
    await desk.getByRole('button', { name: 'Read the file' }).click();
    const preview = desk.getByRole('region', { name: 'Preview: whanau.csv' });
    await preview.waitFor();
    const text = await preview.innerText();
    expect(text).toContain('41 rows');
    expect(text).toContain('39 new people will be added');
    expect(text).toContain('1 row repeats an earlier row');
    expect(text).toContain('Row 9: Date of birth "about 1980" cannot be read: write it like 25/12/1980 or 1980-12-25');
    // The column of notes is not guessed: map it to the suburb.
    const notes = desk.getByRole('combobox', { name: 'Notes' });
    expect(await notes.inputValue()).toBe('');
    expect(await desk.getByRole('combobox', { name: 'Rā whānau' }).inputValue()).toBe('dateOfBirth');
    // Listened for before the change, so an answer quicker than the next line is not missed.
    const mapped = desk.waitForResponse((response) => response.url().includes('/mapping') && response.ok());
    await notes.selectOption('suburb');
    await mapped;
    await checkA11y(desk);
    await screenshot(desk, 'import-1440');

    await preview.getByRole('button', { name: 'Add these people' }).click();
    await desk.getByRole('status').filter({ hasText: '39 people were added.' }).waitFor();
    const found = await json<ApiPage<ClientRecord>>(await harness.api('/api/clients?q=importtest1&pageSize=50', { token }));
    expect(found.items.find((client) => client.familyName === 'Importtest1')).toMatchObject({ givenName: 'Tāne', suburb: 'x' });

    await desk.getByRole('button', { name: 'Undo this import' }).click();
    await desk.getByRole('status').filter({ hasText: 'The import was undone' }).waitFor();
    expect((await json<ApiPage<ClientRecord>>(await harness.api('/api/clients?q=importtest1', { token }))).total).toBe(0);

    const phone = await harness.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await harness.loginAs(phone, 2);
    await phone.goto('/manage/import');
    await phone.getByLabel('Spreadsheet file').setInputFiles({ name: 'whanau.csv', mimeType: 'text/csv', buffer: Buffer.from(clientsCsv(), 'utf8') });
    await phone.getByRole('button', { name: 'Read the file' }).click();
    await phone.getByRole('region', { name: 'Preview: whanau.csv' }).waitFor();
    await screenshot(phone, 'import-390');
  });

  it('imports whānau and their members: a row per member, two whānau made, each person linked', async () => {
    const desk = await harness.newPage({ viewport: { width: 1440, height: 900 } });
    const { token } = await harness.loginAs(desk, 2);
    await desk.goto('/manage/import');
    await desk.getByRole('radio', { name: 'Whānau and their members, a row per member' }).check();
    const csv = [
      'Whānau,Relationship,First name,Surname,Date of birth',
      'Te Whānau a Hōhepa,mother,Mere,Hōhepa-Import,1/2/1980',
      'Te Whānau a Hōhepa,son,Hemi,Hōhepa-Import,3/4/2010',
      'Ngāti Kōwhai,kuia,Aroha,Kōwhai-Import,7/6/1945',
    ].join('\n');
    await desk.getByLabel('Spreadsheet file').setInputFiles({ name: 'whanau.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await desk.getByRole('button', { name: 'Read the file' }).click();
    const preview = desk.getByRole('region', { name: 'Preview: whanau.csv' });
    await preview.waitFor();
    const text = await preview.innerText();
    expect(text).toContain('3 new people will be added');
    expect(text).toContain('2 new whānau will be made');
    expect(text).toContain('3 people will be added to their whānau');
    expect(await desk.getByRole('combobox', { name: 'Whānau', exact: true }).inputValue()).toBe('whanauName');
    await checkA11y(desk);
    await screenshot(desk, 'import-whanau-1440');
    await preview.getByRole('button', { name: 'Add these whānau and members' }).click();
    await desk.getByRole('status').filter({ hasText: '8 records were added.' }).waitFor();
    const whanau = await json<ApiPage<{ name: string }>>(await harness.api('/api/whanau?q=hohepa', { token }));
    expect(whanau.items.map((one) => one.name)).toEqual(['Te Whānau a Hōhepa']);
  });
});
