import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatInviteCode } from '../../../contract/whanau-app';

/*
 * The invite code by email (issue 34, decision 137), through a real SMTP server started here.
 * Its address must be in the environment before the app reads its configuration, so everything
 * of the app is imported after it is listening.
 */

type Received = { to: string[]; raw: string; subject: string; text: string; html: string };

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

const splitHead = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  return { head: raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' '), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
};

/** A part's body as text, by its transfer encoding. */
function decodeBody(head: string, body: string): string {
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(head)) return fromQuotedPrintable(body);
  if (/^Content-Transfer-Encoding: base64/im.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The subject (encoded words decoded, RFC 2047) and the plain and HTML parts of a message. */
function readMessage(raw: string): Omit<Received, 'to' | 'raw'> {
  const { head, body } = splitHead(raw);
  const subjectLine = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_, how: string, words: string) =>
      how.toUpperCase() === 'Q' ? fromQuotedPrintable(words, true) : Buffer.from(words, 'base64').toString('utf8'),
    );
  const boundary = /boundary="?([^";\s]+)"?/i.exec(head)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map(splitHead) : [{ head, body }];
  const partOf = (type: string) => {
    const part = parts.find((candidate) => new RegExp(`^Content-Type: ${type}`, 'im').test(candidate.head));
    return part ? decodeBody(part.head, part.body) : '';
  };
  return { subject, text: partOf('text/plain'), html: partOf('text/html') };
}

type Mode = { kind: 'accept' } | { kind: 'refuse' } | { kind: 'hold'; release: Promise<void>; arrived: () => void };
let mode: Mode = { kind: 'accept' };
const received: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const current = mode;
      const refuse = () => callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      if (current.kind === 'refuse') return refuse();
      if (current.kind === 'hold') {
        // Holds the answer until the test releases it, then refuses the message.
        current.arrived();
        void current.release.then(refuse);
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).sort(), raw, ...readMessage(raw) });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
process.env.PUBLIC_URL = 'https://tewhare.example.nz/';
delete process.env.MAIL_FROM;

const { buildClient, buildEnrolment } = await import('../../../test/factories');
const { buildUser, startTestServer } = await import('../../../test/helpers');
const { siteRowId } = await import('../../db/migrations/006-site');
const { AuditEvent } = await import('../../db/models/audit-event');
const { Notification } = await import('../../db/models/notification');
const { SiteSettings } = await import('../../db/models/site-settings');
const { inviteMailSettings, inviteMailsSettled, inviteMessage } = await import('./invite-mail');
type TestApi = Awaited<ReturnType<typeof startTestServer>>;

let api: TestApi;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;
const trustName = 'Te Whare Tiaki Trust';
const whanauId = crypto.randomUUID();
const people = {
  aroha: { givenName: 'Aroha', familyName: 'Tipene', dateOfBirth: '1988-02-14', email: 'aroha.tipene@example.org' },
  nikau: { givenName: 'Nikau', familyName: 'Tipene', dateOfBirth: '1986-07-30', email: null },
};
const ids = { aroha: '', nikau: '' };

const mutation = (kind: string, payload: Record<string, unknown>, id: string = crypto.randomUUID()) => ({ _id: id, kind, entityId: id, payload });

beforeAll(async () => {
  api = await startTestServer();
  kaimahi = await buildUser({ access: 1, name: 'Hemi Kaimahi', services: ['whanau_ora_support'] });
  await SiteSettings.update({ name: trustName }, { where: { id: siteRowId } });
  for (const key of ['aroha', 'nikau'] as const) {
    const client = await buildClient(people[key]);
    await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: client.id });
    ids[key] = client.id;
  }
  const mutations = [
    mutation('whanau.create', { name: 'Tipene' }, whanauId),
    mutation('member.link', { whanauId, clientId: ids.aroha, relationship: 'parent' }),
    mutation('member.link', { whanauId, clientId: ids.nikau, relationship: 'partner' }),
  ];
  const res = await api.post('/api/sync', { token: kaimahi.token, json: { mutations } });
  expect(res.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied', 'applied']);
});
afterEach(async () => {
  mode = { kind: 'accept' };
  await inviteMailsSettled();
});
afterAll(async () => {
  await api.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const invite = (clientId: string) => api.post(`/api/whanau/${whanauId}/invites`, { token: kaimahi.token, json: { clientId } });
const emailedAudit = async (inviteId: string) =>
  (await AuditEvent.findOne({ where: { entity: 'whanau_invite', entityId: inviteId, action: 'create' } }))?.details?.emailed;
const logText = () => {
  const folder = path.join(process.env.DATA_DIR ?? '', 'logs');
  return fs
    .readdirSync(folder)
    .map((file) => fs.readFileSync(path.join(folder, file), 'utf8'))
    .join('\n');
};

describe('emailing the invite code to the member', () => {
  it('sends one email to the member’s address, in English and te reo, with the code and the link, and the code links a phone', async () => {
    const before = received.length;
    const res = await invite(ids.aroha);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ whanauId, clientId: ids.aroha, emailedTo: people.aroha.email });
    const code: string = res.body.code;

    await inviteMailsSettled();
    const mine = received.slice(before);
    expect(mine).toHaveLength(1);
    const [message] = mine;
    expect(message?.to).toEqual([people.aroha.email]);
    expect(message?.subject).toBe(`${trustName}: your code for the whānau app · tō waehere mō te taupānga whānau`);
    const link = `https://tewhare.example.nz/whanau-app/link?code=${code}`;
    for (const part of [message?.text ?? '', message?.html ?? '']) {
      expect(part).toContain(formatInviteCode(code));
      expect(part).toContain(link);
      expect(part).toContain(`Your kaimahi at ${trustName} has invited you`);
      expect(part).toContain('It works once and expires in 72 hours.');
      expect(part).toContain(`Kua pōwhiri mai tō kaimahi i ${trustName}`);
      expect(part).toContain('ka pau i roto i ngā hāora 72');
    }
    expect(message?.html).toContain(`<a href="${link}">`);
    // Nobody else is named, nor the whānau: not the kaimahi, another member, or the member themselves.
    const words = `${message?.subject}\n${message?.text}\n${message?.html}`;
    for (const word of ['Hemi', 'Nikau', 'Tipene', 'Aroha']) expect(words).not.toContain(word);

    // Sent directly: no queue row holds the code.
    expect(await Notification.count()).toBe(0);
    expect(await emailedAudit(res.body._id)).toBe('yes');

    const shown = /Your code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(message?.text ?? '')?.[1];
    const linked = await api.post('/api/whanau-app/link', { json: { code: shown } });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ whanauId, clientId: ids.aroha });
    expect(received.slice(before)).toHaveLength(1);
  });

  it('sends nothing to a member without an email address', async () => {
    const before = received.length;
    const res = await invite(ids.nikau);
    expect(res.status).toBe(201);
    expect(res.body.emailedTo).toBeNull();
    expect(res.body.code).toMatch(/^[0-9A-Z]{12}$/);
    await inviteMailsSettled();
    expect(received).toHaveLength(before);
    expect(await emailedAudit(res.body._id)).toBe('no');
  });

  it('still gives the code when the mail server refuses, and logs the failure without the code or the address', async () => {
    mode = { kind: 'refuse' };
    const before = received.length;
    const res = await invite(ids.aroha);
    expect(res.status).toBe(201);
    expect(res.body.code).toMatch(/^[0-9A-Z]{12}$/);
    expect(res.body.emailedTo).toBeNull();
    expect(received).toHaveLength(before);
    expect(await emailedAudit(res.body._id)).toBe('yes');

    await inviteMailsSettled();
    const logs = logText();
    expect(logs).toContain('could not email an invite code to the member');
    expect(logs).toContain(res.body._id);
    expect(logs).toContain('Mailbox busy');
    expect(logs).not.toContain(res.body.code.slice(4));
    expect(logs).not.toContain(people.aroha.email);

    // The code on the kaimahi's screen still links the phone.
    expect((await api.post('/api/whanau-app/link', { json: { code: res.body.code } })).status).toBe(201);
  });

  it('answers within its bound while the mail server is still busy, naming the address the code is on its way to', async () => {
    const bound = inviteMailSettings.answerWithinMs;
    inviteMailSettings.answerWithinMs = 200;
    let release = () => {};
    let arrived = () => {};
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    mode = { kind: 'hold', release: new Promise<void>((resolve) => (release = resolve)), arrived };
    try {
      const answer = invite(ids.aroha);
      await reached;
      // The mail server holds the message and has not answered, yet the invite is answered.
      const res = await answer;
      expect(res.status).toBe(201);
      expect(res.body.emailedTo).toBe(people.aroha.email);
    } finally {
      release();
      inviteMailSettings.answerWithinMs = bound;
    }
  });
});

describe('the invite email’s words', () => {
  it('without a public address, says where to enter the code; without a trust name, invents none', () => {
    const code = 'ABCD2345EFGH';
    const { subject, text, html } = inviteMessage(code, null, undefined);
    expect(subject).toBe('your code for the whānau app · tō waehere mō te taupānga whānau');
    expect(text).toContain('Your kaimahi has invited you to link your phone to the whānau app.');
    expect(text).toContain('Your code: ABCD-2345-EFGH');
    expect(text).toContain('open the trust’s website, choose “I have a code from my kaimahi” and enter the code');
    expect(text).toContain('kōwhiria “He waehere tāku nā taku kaimahi”');
    for (const part of [text, html]) {
      expect(part).not.toMatch(/https?:|undefined|null/);
      expect(part).toContain('ABCD-2345-EFGH');
    }
  });

  it('escapes the trust’s name in the HTML part', () => {
    const { html, text } = inviteMessage('ABCD2345EFGH', 'Kai & <Kōrero>', 'https://tewhare.example.nz');
    expect(html).toContain('Kai &amp; &lt;Kōrero&gt;');
    expect(html).not.toContain('<Kōrero>');
    expect(text).toContain('Your kaimahi at Kai & <Kōrero> has invited you');
  });
});
