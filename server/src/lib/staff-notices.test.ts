import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectionStatement } from '../../contract/enrolments';

/*
 * Staff hear of new enrolments by email, through a real SMTP server started here. The server's
 * address must be in the environment before the app reads its configuration, so everything of
 * the app is imported after it is listening.
 */

type Received = { from: string; to: string[]; raw: string; subject: string; text: string };

/** Quoted-printable to text (RFC 2045), as a mail client reads it. */
function fromQuotedPrintable(encoded: string, underscoreIsSpace = false): string {
  const bytes: number[] = [];
  const text = encoded.replace(/=\r?\n/g, '');
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (char === '=' && /^[0-9A-F]{2}$/i.test(text.slice(index + 1, index + 3))) {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else bytes.push(...Buffer.from(underscoreIsSpace && char === '_' ? ' ' : char));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The subject (encoded words decoded, RFC 2047) and the text of a plain-text message. */
function readMessage(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subjectLine = /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '';
  const subject = subjectLine.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, words: string) => fromQuotedPrintable(words, true));
  const body = rest.join('\n\n');
  return { subject, text: /quoted-printable/i.test(head) ? fromQuotedPrintable(body) : body };
}
type Mode = { kind: 'accept' } | { kind: 'refuse' } | { kind: 'hold'; release: Promise<void>; arrived: () => void };

let mode: Mode = { kind: 'accept' };
const received: Received[] = [];
let waiters: (() => void)[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const current = mode;
      const finish = () => {
        if (current.kind === 'refuse') {
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const envelope = session.envelope;
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((rcpt) => rcpt.address).sort(),
          raw,
          ...readMessage(raw),
        });
        callback();
        const waiting = waiters;
        waiters = [];
        for (const wake of waiting) wake();
      };
      if (current.kind === 'hold') {
        // Holds the answer until the test releases it, then refuses the message.
        current.arrived();
        void current.release.then(() => callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })));
      } else finish();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
process.env.PUBLIC_URL = 'https://tewhare.example.nz/';
delete process.env.MAIL_FROM;

const { buildUser, startTestServer } = await import('../../test/helpers');
const { Notification, NotificationAttempt } = await import('../db/models/notification');
const { Service } = await import('../db/models/service');
const { setClock } = await import('./clock');
const { noticeSettings, startNoticeWorker } = await import('./staff-notices');
type TestApi = Awaited<ReturnType<typeof startTestServer>>;

/** Resolves when `count` messages have arrived in all. */
function messages(count: number): Promise<Received[]> {
  return new Promise((resolve) => {
    const check = () => (received.length >= count ? resolve(received.slice(0, count)) : waiters.push(check));
    check();
  });
}

let api: TestApi;
let worker: NonNullable<ReturnType<typeof startNoticeWorker>>;
const emails = {
  manager: 'manager@tewhare.example.nz',
  kaimahi: 'kaimahi.ora@tewhare.example.nz',
  otherKaimahi: 'kaimahi.kai@tewhare.example.nz',
  formerManager: 'former@tewhare.example.nz',
};

beforeAll(async () => {
  api = await startTestServer();
  await buildUser({ access: 2, email: emails.manager });
  await buildUser({ access: 1, email: emails.kaimahi, services: ['whanau_ora_support'] });
  await buildUser({ access: 1, email: emails.otherKaimahi, services: ['whanau_kai_support'] });
  await buildUser({ access: 2, email: emails.formerManager, active: false });
  const started = startNoticeWorker();
  if (!started) throw new Error('SMTP_URL is set, so the worker must start');
  worker = started;
});
afterAll(async () => {
  await worker.stop();
  await api.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
afterEach(() => {
  mode = { kind: 'accept' };
  setClock();
});

const person = {
  givenName: 'Mereana',
  familyName: 'Paratene',
  phone: '021 555 0199',
  email: 'mereana.paratene@example.org',
  suburb: 'Aranui',
  message: 'Kia ora, we would like some support for our whānau.',
};

function enrol(serviceKey = 'whanau_ora_support', id: string = crypto.randomUUID()) {
  return api.post('/api/enrolments', {
    json: {
      _id: id,
      serviceKey,
      ...person,
      preferredContact: 'phone',
      consent: true,
      statementVersion: collectionStatement.version,
    },
  });
}

const attemptsOf = async (enrolmentId: string) => {
  const notice = await Notification.findOne({ where: { enrolmentId } });
  const attempts = await NotificationAttempt.findAll({ where: { notificationId: notice?.id ?? '' }, order: [['at', 'ASC']] });
  return { notice, attempts };
};

describe('emailing staff about a new enrolment', () => {
  it('tells the kaimahi of the service and the active managers, with a link and no personal details', async () => {
    const res = await enrol();
    expect(res.status).toBe(201);
    const [message] = await messages(1);
    expect(message?.to).toEqual([emails.kaimahi, emails.manager].sort());
    expect(message?.from).toBe('no-reply@tewhare.example.nz');
    expect(message?.subject).toBe('New enrolment for Whānau Ora Support');
    const text = message?.text ?? '';
    expect(text).toContain('A new enrolment for Whānau Ora Support is waiting.');
    expect(text).toContain('Open the enrolments inbox: https://tewhare.example.nz/clients');
    for (const detail of [...Object.values(person), res.body.reference, res.body._id]) expect(message?.raw).not.toContain(detail);
    // Bcc: no recipient sees the others.
    expect(message?.raw).not.toMatch(/^(To|Cc|Bcc):/m);

    await worker.idle();
    const { notice, attempts } = await attemptsOf(res.body._id);
    expect(notice).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(attempts.map((attempt) => [attempt.status, attempt.recipients, attempt.error])).toEqual([['sent', 2, null]]);
  });

  it('queues one notice per enrolment: none for a resend, none for a refused enrolment', async () => {
    await worker.idle();
    const sentBefore = received.length;
    const id = crypto.randomUUID();
    expect((await enrol('whanau_ora_support', id)).status).toBe(201);
    expect((await enrol('whanau_ora_support', id)).status).toBe(201);
    await messages(sentBefore + 1);
    await worker.idle();
    expect(await Notification.count({ where: { enrolmentId: id } })).toBe(1);
    expect(received).toHaveLength(sentBefore + 1);

    const closedId = crypto.randomUUID();
    const closed = await enrol('musical_therapy', closedId);
    expect(closed.status).toBe(409);
    expect(await Notification.count({ where: { enrolmentId: closedId } })).toBe(0);
  });

  it('answers the enrolment at once while the mail server is still busy, then retries a refusal after a wait', async () => {
    let release = () => {};
    let arrived = () => {};
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    mode = { kind: 'hold', release: new Promise<void>((resolve) => (release = resolve)), arrived };
    const sentBefore = received.length;

    const res = await enrol();
    // The mail server has the message and has not answered, yet the enrolment is received.
    await reached;
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'new' });
    release();
    await worker.idle();

    const failed = await attemptsOf(res.body._id);
    expect(failed.notice).toMatchObject({ state: 'pending', attempts: 1 });
    expect(failed.notice?.lastError).toContain('451');
    expect(failed.attempts.map((attempt) => attempt.status)).toEqual(['failed']);
    expect(failed.attempts[0]?.error).toContain('Mailbox busy, try again later');
    const waitMs = (failed.notice?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(waitMs).toBeGreaterThan(noticeSettings.firstRetryMs * 0.7);

    // Still refused on a pass before the wait is over: nothing is tried.
    mode = { kind: 'accept' };
    worker.wake();
    await worker.idle();
    expect((await attemptsOf(res.body._id)).attempts).toHaveLength(1);

    // After the wait the next pass sends it.
    setClock(() => Date.now() + noticeSettings.firstRetryMs * 1.3);
    worker.wake();
    const [, message] = await messages(sentBefore + 1).then((all) => [undefined, all.at(-1)]);
    expect(message?.subject).toBe('New enrolment for Whānau Ora Support');
    await worker.idle();
    const sent = await attemptsOf(res.body._id);
    expect(sent.notice).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(sent.attempts.map((attempt) => attempt.status)).toEqual(['failed', 'sent']);
  });

  it('keeps what waits through a restart, and sends a burst as one email per service', async () => {
    await Service.update({ status: 'active' }, { where: { key: 'whanau_kai_support' } });
    await worker.stop();
    const sentBefore = received.length;
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const res = await enrol();
      expect(res.status).toBe(201);
      ids.push(res.body._id);
    }
    const other = await enrol('whanau_kai_support');
    expect(other.status).toBe(201);
    expect(await Notification.count({ where: { state: 'pending' } })).toBe(4);
    expect(received).toHaveLength(sentBefore);

    const restarted = startNoticeWorker();
    if (!restarted) throw new Error('the worker must start again');
    worker = restarted;
    const all = await messages(sentBefore + 2);
    await worker.idle();
    const fresh = all.slice(sentBefore);
    const ora = fresh.find((message) => message.subject.includes('Ora Support'));
    const kai = fresh.find((message) => !message.subject.includes('Ora Support'));
    expect(ora?.subject).toBe('3 new enrolments for Whānau Ora Support');
    expect(ora?.text).toContain('3 new enrolments for Whānau Ora Support are waiting.');
    expect(kai?.subject).toBe('New enrolment for Whānau Kai Support');
    expect(ora?.to).toEqual([emails.kaimahi, emails.manager].sort());
    expect(kai?.to).toEqual([emails.otherKaimahi, emails.manager].sort());
    for (const id of ids) expect((await attemptsOf(id)).notice?.state).toBe('sent');
  });

  it('gives up after the last try, keeping the notice and every attempt', async () => {
    const maxAttempts = noticeSettings.maxAttempts;
    noticeSettings.maxAttempts = 2;
    try {
      mode = { kind: 'refuse' };
      const res = await enrol();
      expect(res.status).toBe(201);
      let offset = 0;
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await worker.idle();
        offset += noticeSettings.maxRetryMs * 1.3;
        const at = offset;
        setClock(() => Date.now() + at);
        worker.wake();
      }
      await worker.idle();
      const { notice, attempts } = await attemptsOf(res.body._id);
      expect(notice).toMatchObject({ state: 'failed', attempts: 2 });
      expect(attempts.map((attempt) => attempt.status)).toEqual(['failed', 'failed']);
    } finally {
      noticeSettings.maxAttempts = maxAttempts;
    }
  });
});
