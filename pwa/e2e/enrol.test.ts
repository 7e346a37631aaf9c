import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, pageProblems, screenshot, startHarness, type Harness } from './harness';
import {
  createPhone,
  editWaitingPayload,
  fillAndSubmitEnrolment,
  phoneViewport,
  readPhoneDatabase,
  serverEnrolments,
  setServiceStatus,
  waitForServiceWorker,
} from './enrol-helpers';

/**
 * Enrolling from a phone with a patchy connection (DESIGN §6). "No signal" is the real server
 * stopped, or its enrolment route aborted with `page.route`; the rows are checked on the real
 * server as kaimahi see them.
 */

let harness: Harness;
const enrolPath = '/enrol/whanau_ora_support';
const savedOffline = 'Saved on this phone — it will be sent when you are back online';

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function openEnrolPage(options: { width?: number } = {}): Promise<Page> {
  const page = await harness.newPage({ viewport: options.width ? { width: options.width, height: 900 } : phoneViewport });
  await page.goto(enrolPath);
  await page.getByRole('button', { name: 'Enrol', exact: true }).waitFor();
  return page;
}

const onThisPhone = 'Your enrolments on this phone';

/** The app's own IndexedDB databases on this phone (the service worker's Workbox ones aside). */
function appDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).flatMap((database) => (database.name && !database.name.startsWith('workbox') ? [database.name] : [])),
  );
}

describe('the enrolment form', () => {
  it('checks every field on the phone, shows each problem on its field and in a summary that takes focus', async () => {
    const page = await openEnrolPage();
    await expect(page.getByLabel(/I have read the privacy statement/).isChecked()).resolves.toBe(false);
    await expect(page.getByText(/Privacy statement, version \d{4}-\d{2}-\d{2}/).isVisible()).resolves.toBe(true);
    // A phone that never enrolled shows no "on this phone" panel, and the visit stores nothing.
    await expect(page.getByRole('complementary', { name: onThisPhone }).count()).resolves.toBe(0);

    let posted = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/enrolments')) posted += 1;
    });
    await page.getByRole('button', { name: 'Enrol', exact: true }).click();
    await page.getByText('Given name is required').first().waitFor();

    const givenName = page.getByLabel('Given name');
    await expect(givenName.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = (await givenName.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).resolves.toBe('Given name is required');
    // The summary takes focus, names each problem with its field and leads to it.
    const summary = page.locator('.error-summary');
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await summary.getByText('There are 5 things to fix').waitFor();
    for (const message of ['Family name is required', 'Give a phone number or an email address', 'Please tick the box to agree']) {
      await page.getByText(message).first().waitFor();
    }
    await summary.getByRole('link', { name: 'Given name is required' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('givenName');
    await checkA11y(page);
    await screenshot(page, 'enrol-errors-390');
    expect(posted).toBe(0);
    await expect(appDatabases(page)).resolves.toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('shows every field error in te reo Māori to a te reo visitor, never the English', async () => {
    const page = await harness.newPage({ viewport: phoneViewport });
    await page.addInitScript(() => localStorage.setItem('language', 'mi'));
    await page.goto(enrolPath);
    await page.getByRole('button', { name: 'Whakauru mai', exact: true }).click();
    const summary = page.locator('.error-summary');
    await summary.getByText('E 5 ngā mea hei whakatika').waitFor();
    const givenName = page.getByLabel('Ingoa tuatahi', { exact: true });
    await expect.poll(() => givenName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await givenName.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).toBe('Me whakakī tēnei.');
    await page.getByText('Tohua te pouaka hei whakaae.').first().waitFor();
    const shown = (await page.locator('form.enrol-form').textContent()) ?? '';
    for (const english of ['is required', 'Give a phone number', 'Please tick the box']) expect(shown).not.toContain(english);
    await checkA11y(page);
    await screenshot(page, 'enrol-errors-mi-390');
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('sends at once when online: Sent, the reference, the receipt kept and the details gone from the phone', async () => {
    for (const width of [390, 1440]) {
      const page = await openEnrolPage({ width });
      await checkA11y(page);
      await screenshot(page, `enrol-form-${width}`);
      const givenName = `Online${width}`;
      await fillAndSubmitEnrolment(page, { givenName, email: 'whanau@example.nz', suburb: 'Aranui', message: 'Kia ora' });
      await page.getByRole('heading', { name: 'Sent', exact: true }).waitFor({ timeout: 15_000 });
      const reference = (await page.locator('.enrol-result__reference strong').textContent()) ?? '';
      expect(reference).toMatch(/^WH-[0-9A-F]{4}-[0-9A-F]{4}$/);
      await page.getByRole('region', { name: 'Your enrolments', exact: true }).getByText(reference).waitFor();
      // The reference is one code: on one line, never split in the middle (issue 22).
      for (const code of await page.locator('.enrol-result__reference strong, .enrol-receipt__reference strong').all()) {
        expect(await code.evaluate((element) => element.getClientRects().length)).toBe(1);
      }
      await checkA11y(page);
      await screenshot(page, `enrol-sent-${width}`);

      const rows = await serverEnrolments(harness, givenName);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.reference).toBe(reference);
      const stored = JSON.stringify(await readPhoneDatabase(page));
      for (const personal of [givenName, 'Ngata', '021 555 0101', 'whanau@example.nz', 'Aranui', 'Kia ora']) expect(stored).not.toContain(personal);
      expect(stored).toContain(reference);
      // Nothing waits now, and the phone still shows its receipt on the next visit.
      await page.reload();
      await page.getByRole('complementary', { name: onThisPhone }).getByRole('region', { name: 'Your enrolments', exact: true }).getByText(reference).waitFor();
      expect(pageProblems(page)).toEqual([]);
      await page.context().close();
    }
  });

  it('shows a closed service’s status text and no form', async () => {
    const page = await harness.newPage({ viewport: phoneViewport });
    await page.goto('/enrol/musical_therapy');
    await page.getByRole('heading', { name: 'All free spaces are taken for now' }).waitFor();
    await expect(page.getByRole('button', { name: 'Enrol', exact: true }).count()).resolves.toBe(0);
    await page.goto('/enrol/raised_gardens');
    await page.getByRole('heading', { name: 'Temporarily unavailable' }).waitFor();
    await expect(page.locator('main form').count()).resolves.toBe(0);
    await checkA11y(page);
    await page.context().close();
  });
});

describe('with no signal', () => {
  it('keeps the enrolment on the phone through a restart, and sends it once when the server is back', async () => {
    const phone = await createPhone(harness);
    try {
      let page = await phone.open();
      await page.goto(enrolPath);
      await waitForServiceWorker(page);
      await page.getByRole('button', { name: 'Enrol', exact: true }).waitFor();

      await harness.server.stop();
      await fillAndSubmitEnrolment(page, { givenName: 'Restarted', email: 'restarted@example.nz' });
      await page.getByRole('heading', { name: savedOffline }).waitFor({ timeout: 15_000 });
      await page.getByText('1 enrolment waiting to be sent').waitFor();
      await screenshot(page, 'enrol-saved-offline-390');

      // The browser is closed and opened again, still with no signal.
      await phone.close();
      page = await phone.open();
      await page.goto(enrolPath);
      await page.getByText('1 enrolment waiting to be sent').waitFor({ timeout: 15_000 });
      await page.getByText(savedOffline).first().waitFor();
      const waiting = await readPhoneDatabase(page);
      expect(waiting.outbox).toHaveLength(1);
      expect(waiting.outbox[0]).toMatchObject({ state: 'pending', payload: { givenName: 'Restarted' } });

      // Signal again: the phone's network comes back ('online'), and the outbox sends by itself.
      await harness.server.start();
      await page.context().setOffline(true);
      await page.context().setOffline(false);
      await page.getByText('Nothing is waiting to be sent.').waitFor({ timeout: 60_000 });
      const receipts = page.getByRole('region', { name: 'Your enrolments', exact: true });
      await receipts.getByText('Whānau Ora Support').waitFor();

      const rows = await serverEnrolments(harness, 'Restarted');
      expect(rows).toHaveLength(1);
      await receipts.getByText(rows[0]?.reference ?? 'missing').waitFor();
      const stored = await readPhoneDatabase(page);
      expect(stored.outbox).toEqual([expect.objectContaining({ state: 'done', payload: null })]);
      expect(JSON.stringify(stored)).not.toContain('Restarted');
      expect(JSON.stringify(stored)).not.toContain('restarted@example.nz');
      expect(stored.receipts).toEqual([expect.objectContaining({ reference: rows[0]?.reference, serviceKey: 'whanau_ora_support' })]);
      await checkA11y(page);
    } finally {
      await harness.server.start();
      await phone.dispose();
    }
  });

  it('the service worker sends it on Background Sync, with no page of the app open', async () => {
    const phone = await createPhone(harness);
    try {
      const page = await phone.open();
      await page.goto(enrolPath);
      await waitForServiceWorker(page);
      await page.getByRole('button', { name: 'Enrol', exact: true }).waitFor();
      await harness.server.stop();
      await fillAndSubmitEnrolment(page, { givenName: 'Synced' });
      await page.getByRole('heading', { name: savedOffline }).waitFor({ timeout: 15_000 });

      // Only a static file of the site stays open (it runs none of the app), to talk to the browser.
      await page.goto('/manifest.webmanifest');
      await harness.server.start();
      const devtools = await page.context().newCDPSession(page);
      const registration = new Promise<string>((resolve) => {
        devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const found = registrations.find((item) => !item.isDeleted);
          if (found) resolve(found.registrationId);
        });
      });
      await devtools.send('ServiceWorker.enable');
      await devtools.send('ServiceWorker.dispatchSyncEvent', {
        origin: harness.baseUrl,
        registrationId: await registration,
        tag: 'outbox',
        lastChance: false,
      });

      const deadline = Date.now() + 20_000;
      while ((await serverEnrolments(harness, 'Synced')).length === 0 && Date.now() < deadline) await page.waitForTimeout(250);
      expect(await serverEnrolments(harness, 'Synced')).toHaveLength(1);
      const stored = await readPhoneDatabase(page);
      expect(stored.outbox).toEqual([expect.objectContaining({ state: 'done', payload: null })]);
      expect(stored.receipts).toHaveLength(1);
    } finally {
      await harness.server.start();
      await phone.dispose();
    }
  });

  it('the same enrolment sent three times at once makes one row, and the phone gets the same receipt', async () => {
    const page = await openEnrolPage();
    await page.route('**/api/enrolments', (route) => route.abort('internetdisconnected'));
    await fillAndSubmitEnrolment(page, { givenName: 'Triple' });
    await page.getByRole('heading', { name: savedOffline }).waitFor({ timeout: 15_000 });
    const [operation] = (await readPhoneDatabase(page)).outbox;
    await page.unroute('**/api/enrolments');

    const answers = await page.evaluate(async (body) => {
      const send = () =>
        fetch('/api/enrolments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { reference?: string },
        }));
      return Promise.all([send(), send(), send()]);
    }, operation?.payload);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.reference)).size).toBe(1);

    // The phone's own send is the fourth: still one row, and the same reference.
    const sendNow = page.getByRole('button', { name: 'Send now' }).first();
    await sendNow.click({ timeout: 2_000 }).catch(() => undefined); // its timer may have sent it already
    await page.getByRole('heading', { name: 'Sent', exact: true }).waitFor({ timeout: 15_000 });
    await page
      .locator('.enrol-result__reference')
      .getByText(answers[0]?.body.reference ?? 'missing')
      .waitFor();
    expect(await serverEnrolments(harness, 'Triple')).toHaveLength(1);
    await page.context().close();
  });

  it('after a server error it tries again by itself and sends it once', async () => {
    const page = await openEnrolPage();
    let failures = 0;
    await page.route('**/api/enrolments', async (route) => {
      if (failures === 0) {
        failures += 1;
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ msg: 'Server error' }] }) });
      }
      return route.continue();
    });
    await fillAndSubmitEnrolment(page, { givenName: 'Recovered' });
    await page.getByRole('heading', { name: 'Sent', exact: true }).waitFor({ timeout: 30_000 });
    expect(failures).toBe(1);
    expect(await serverEnrolments(harness, 'Recovered')).toHaveLength(1);
    await page.context().close();
  });

  it('a refused enrolment is flagged with the server’s words while the next one is still sent; fix and resend', async () => {
    const page = await openEnrolPage();
    await page.route('**/api/enrolments', (route) => route.abort('internetdisconnected'));
    await fillAndSubmitEnrolment(page, { givenName: 'Refused' });
    await page.getByRole('heading', { name: savedOffline }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Fill in another enrolment' }).click();
    await fillAndSubmitEnrolment(page, { givenName: 'Accepted' });
    await page.getByText('2 enrolments waiting to be sent').waitFor({ timeout: 15_000 });

    // While it waited, the privacy statement it agreed to became out of date: the real server refuses it.
    await editWaitingPayload(page, 'Refused', { statementVersion: '2020-01-01' });
    await page.unroute('**/api/enrolments');
    const sendNow = page
      .getByRole('button', { name: 'Send now' })
      .first()
      .click({ timeout: 15_000 })
      .catch(() => undefined); // or its timer does

    const panel = page.getByRole('complementary', { name: onThisPhone });
    await panel.getByText('1 needs your attention', { exact: true }).waitFor({ timeout: 30_000 });
    await panel.getByText(/privacy statement has changed/).waitFor();
    expect(await serverEnrolments(harness, 'Accepted')).toHaveLength(1);
    expect(await serverEnrolments(harness, 'Refused')).toHaveLength(0);
    await sendNow;
    await checkA11y(page);
    await screenshot(page, 'enrol-refused-390');

    // Fix and resend: the form opens filled in; the consent is asked again for the current statement.
    await panel.getByRole('button', { name: 'Fix and resend' }).click();
    await page.getByRole('button', { name: 'Resend', exact: true }).waitFor();
    await expect(page.getByLabel('Given name').inputValue()).resolves.toBe('Refused');
    await expect(page.getByLabel(/I have read the privacy statement/).isChecked()).resolves.toBe(false);
    await page.getByLabel(/I have read the privacy statement/).check();
    await page.getByRole('button', { name: 'Resend', exact: true }).click();
    await page.getByRole('heading', { name: 'Sent', exact: true }).waitFor({ timeout: 15_000 });
    expect(await serverEnrolments(harness, 'Refused')).toHaveLength(1);
    await page.getByText('Nothing is waiting to be sent.').waitFor();
    await page.context().close();
  });

  it('discarding a refused enrolment asks first, then removes it from the phone', async () => {
    const page = await openEnrolPage();
    await page.route('**/api/enrolments', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errors: [{ msg: 'Phone number is not valid', param: 'phone' }] }) }),
    );
    await fillAndSubmitEnrolment(page, { givenName: 'Discarded' });
    const panel = page.getByRole('complementary', { name: onThisPhone });
    await panel.getByText('Phone number is not valid').waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: 'Discard' }).click();
    await panel.getByText(/Discard this enrolment\?/).waitFor();
    await panel.getByRole('button', { name: 'Keep it' }).click();
    expect((await readPhoneDatabase(page)).outbox).toHaveLength(1);
    await panel.getByRole('button', { name: 'Discard' }).click();
    await panel.getByRole('button', { name: 'Yes, discard it' }).click();
    await panel.getByText('Nothing is waiting to be sent.').waitFor();
    expect((await readPhoneDatabase(page)).outbox).toHaveLength(0);
    await page.context().close();
  });

  it('a service that closed while the enrolment waited comes back with a clear message', async () => {
    const page = await openEnrolPage();
    await page.route('**/api/enrolments', (route) => route.abort('internetdisconnected'));
    await fillAndSubmitEnrolment(page, { givenName: 'TooLate' });
    await page.getByRole('heading', { name: savedOffline }).waitFor({ timeout: 15_000 });
    await setServiceStatus(harness, 'whanau_ora_support', 'inactive', 'Closed over the holidays');
    try {
      await page.unroute('**/api/enrolments');
      // "Send now" is only a nudge here: the outbox's own retry timer may get there first, and
      // while it sends the button reads "Sending…". What matters is the answer that comes back.
      const sendNow = page
        .getByRole('button', { name: 'Send now' })
        .first()
        .click({ timeout: 15_000 })
        .catch(() => undefined);
      await page.getByRole('heading', { name: 'Not accepted' }).waitFor({ timeout: 20_000 });
      await sendNow;
      await page
        .getByRole('region', { name: 'Your enrolment', exact: true })
        .getByText(/Whānau Ora Support is not taking enrolments right now: Closed over the holidays/)
        .waitFor();
      expect(await serverEnrolments(harness, 'TooLate')).toHaveLength(0);
      await checkA11y(page);
      await screenshot(page, 'enrol-service-closed-390');
    } finally {
      await setServiceStatus(harness, 'whanau_ora_support', 'active');
    }
    await page.context().close();
  });
});
