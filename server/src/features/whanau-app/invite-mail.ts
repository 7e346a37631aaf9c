import { formatInviteCode, inviteCode } from '../../../contract/whanau-app';
import { getConfig } from '../../config';
import { logger } from '../../lib/logger';
import { createMailTransport } from '../../lib/mail-transport';

/*
 * The invite code by email (issue 34, decision 137). Sent straight after the invite's
 * transaction commits, never stored in the clear (no queue row holds it); the invite's answer
 * waits for the mail server at most `answerWithinMs`, then a send still under way carries on
 * alone. A failure is logged without the code or the address and never fails the invite: the
 * kaimahi still has the code on screen.
 */

export const inviteMailSettings = {
  /** The longest the invite's answer waits for the mail server. */
  answerWithinMs: 3_000,
  /** A mail server that stops answering fails the send after this long. */
  smtpTimeoutMs: 20_000,
};

export type InviteMail = {
  inviteId: string;
  to: string;
  code: string;
  /** The trust's name from site settings; null when none is set (nothing is made up). */
  trustName: string | null;
};

/** The member's email: who it is from, the code, that it works once within 72 hours, and the link. No other person, nothing about the whānau. */
export function inviteMessage(code: string, trustName: string | null, publicUrl: string | undefined): { subject: string; text: string; html: string } {
  const shown = formatInviteCode(code);
  const link = publicUrl ? `${publicUrl}/whanau-app/link?code=${encodeURIComponent(code)}` : null;
  const hours = inviteCode.validHours;
  const english = {
    invited: trustName
      ? `Your kaimahi at ${trustName} has invited you to link your phone to the whānau app.`
      : 'Your kaimahi has invited you to link your phone to the whānau app.',
    code: 'Your code:',
    once: `It works once and expires in ${hours} hours. Keep it to yourself.`,
    open: link
      ? 'Open this link on your phone to use it:'
      : `On your phone, open ${trustName ? `the ${trustName} website` : 'the trust’s website'}, choose “I have a code from my kaimahi” and enter the code.`,
    ignore: 'If you did not expect this email, you can ignore it: nothing happens without the code.',
  };
  // Draft te reo Māori, not yet reviewed by a speaker of the trust (decision 137).
  const maori = {
    invited: trustName
      ? `Kua pōwhiri mai tō kaimahi i ${trustName} kia hono koe i tō waea ki te taupānga whānau.`
      : 'Kua pōwhiri mai tō kaimahi kia hono koe i tō waea ki te taupānga whānau.',
    code: 'Tō waehere:',
    once: `Kotahi anake te whakamahinga, ā, ka pau i roto i ngā hāora ${hours}. Kaua e tohaina ki tētahi atu.`,
    open: link
      ? 'Whakatuwherahia tēnei hono ki tō waea hei whakamahi:'
      : `I tō waea, whakatuwherahia te paetukutuku ${trustName ? `o ${trustName}` : 'o te tarahiti'}, kōwhiria “He waehere tāku nā taku kaimahi”, ka tāuru ai i te waehere.`,
    ignore: 'Ki te kore koe i te tatari mō tēnei īmēra, waiho noa iho: kāore he mea e puta mēnā kāore te waehere.',
  };
  const subject = `${trustName ? `${trustName}: ` : ''}your code for the whānau app · tō waehere mō te taupānga whānau`;

  const textPart = (words: typeof english) =>
    [words.invited, '', `${words.code} ${shown}`, words.once, '', words.open, ...(link ? [link] : []), '', words.ignore].join('\n');
  const text = ['Kia ora,', '', textPart(english), '', '---', '', textPart(maori), ''].join('\n');

  const htmlPart = (lang: 'en' | 'mi', words: typeof english) =>
    [
      `<div lang="${lang}">`,
      `<p>${escapeHtml(words.invited)}</p>`,
      `<p>${escapeHtml(words.code)} <strong style="font-family:monospace;font-size:1.4em;letter-spacing:0.1em">${shown}</strong></p>`,
      `<p>${escapeHtml(words.once)}</p>`,
      link ? `<p>${escapeHtml(words.open)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(words.open)}</p>`,
      `<p>${escapeHtml(words.ignore)}</p>`,
      '</div>',
    ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    '<p lang="mi">Kia ora,</p>',
    htmlPart('en', english),
    '<hr>',
    htmlPart('mi', maori),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A mail server's error, one line, without the member's address (it can echo it back). */
function errorText(error: unknown, address: string): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split(address).join('[the member’s address]').replace(/\s+/g, ' ').slice(0, 500);
}

const underWay = new Set<Promise<unknown>>();

/** Resolves when every invite email under way has been sent or has failed (for tests and shutdown). */
export async function inviteMailsSettled(): Promise<void> {
  while (underWay.size > 0) await Promise.allSettled([...underWay]);
}

/**
 * Emails the code, after the invite committed. True when the mail server took the message, or
 * is still busy with it after `answerWithinMs` (it may yet arrive); false when it refused or
 * failed by then, or mail is not set up.
 */
export async function emailInviteCode(mail: InviteMail): Promise<boolean> {
  const { mail: smtp, publicUrl } = getConfig();
  if (!smtp) return false;
  const transport = createMailTransport(smtp.smtpUrl, inviteMailSettings.smtpTimeoutMs);
  const sending = (async () => {
    try {
      await transport.sendMail({
        from: smtp.from,
        to: mail.to,
        ...inviteMessage(mail.code, mail.trustName, publicUrl),
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      logger.info({ invite: mail.inviteId }, 'emailed an invite code to the member');
      return true;
    } catch (error) {
      logger.warn({ invite: mail.inviteId, error: errorText(error, mail.to) }, 'could not email an invite code to the member; the kaimahi has it on screen');
      return false;
    } finally {
      transport.close();
    }
  })();
  underWay.add(sending);
  void sending.finally(() => underWay.delete(sending));

  let timer: NodeJS.Timeout | undefined;
  const stillSending = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), inviteMailSettings.answerWithinMs)));
  try {
    return await Promise.race([sending, stillSending]);
  } finally {
    clearTimeout(timer);
  }
}
