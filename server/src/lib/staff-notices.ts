import crypto from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { Op, type Transaction } from 'sequelize';
import { serviceCatalogue } from '../../contract/catalogue';
import { limits } from '../../contract/limits';
import { getConfig } from '../config';
import { Notification, NotificationAttempt } from '../db/models/notification';
import { Service } from '../db/models/service';
import { User } from '../db/models/user';
import { sequelize } from '../db/sequelize';
import { now } from './clock';
import { logger } from './logger';
import { createMailTransport } from './mail-transport';

/*
 * Staff hear of new enrolments by email (issue 11; docs/decisions/055-notification-queue.md).
 *
 * An enrolment's transaction adds a row to `notifications` (only when SMTP_URL is set), so a
 * notice exists exactly when its enrolment does, whatever crashes afterwards. After the commit
 * a worker in the background claims what is due, emails the kaimahi of the service and the
 * managers, and records each attempt. Sending never runs inside a request: a slow or failing
 * mail server cannot delay or fail an enrolment. Failures retry with backoff; the rows survive
 * restarts; a claim expires, so a worker that died mid-send is taken over by the next one (on
 * this instance or another). The email names the service only: no personal details.
 */

export const noticeSettings = {
  /** Tries before a notice is given up (state `failed`, logged as an error). About 3 hours in all. */
  maxAttempts: 8,
  /** Wait after the first failure; doubled after each further one, at most `maxRetryMs`. */
  firstRetryMs: 60_000,
  maxRetryMs: 60 * 60_000,
  /** How long a claimed notice is held by its worker before another may take it over. */
  claimMs: 2 * 60_000,
  /** How often the worker looks for due retries and notices queued by other instances. */
  pollMs: 30_000,
  /** A mail server that stops answering fails the try after this long. */
  smtpTimeoutMs: 20_000,
};

/**
 * Queues "a new enrolment is waiting" in the enrolment's own transaction and wakes the worker
 * once that transaction has committed. Does nothing when email is not configured.
 */
export async function queueEnrolmentNotice(enrolment: { id: string; serviceKey: string }, transaction: Transaction): Promise<void> {
  if (!getConfig().mail) return;
  await Notification.create(
    {
      id: crypto.randomUUID(),
      kind: 'enrolment.new',
      serviceKey: enrolment.serviceKey,
      enrolmentId: enrolment.id,
      state: 'pending',
      nextAttemptAt: new Date(now()),
    },
    { transaction },
  );
  transaction.afterCommit(() => activeWorker?.wake());
}

/** Who hears of a new enrolment in a service: active managers, and active kaimahi who work on it. */
async function recipientsFor(serviceKey: string): Promise<string[]> {
  const users = await User.findAll({ where: { active: true }, attributes: ['email', 'access', 'services'], order: [['email', 'ASC']] });
  return users.filter((user) => user.access >= limits.managerAccess || (user.services ?? []).includes(serviceKey)).map((user) => user.email);
}

async function serviceTitle(serviceKey: string): Promise<string> {
  const service = await Service.findByPk(serviceKey, { attributes: ['title'] });
  return service?.title ?? serviceCatalogue.find((entry) => entry.key === serviceKey)?.title ?? serviceKey;
}

/** The email: how many enrolments wait in which service, and where to see them. Nothing about anyone. */
export function noticeMessage(title: string, count: number, publicUrl: string | undefined): { subject: string; text: string } {
  const what = count === 1 ? `A new enrolment for ${title} is waiting.` : `${count} new enrolments for ${title} are waiting.`;
  const where = publicUrl ? `Open the enrolments inbox: ${publicUrl}/clients` : 'Sign in to the staff app and open CLIENTS to see the enrolments inbox.';
  return {
    subject: count === 1 ? `New enrolment for ${title}` : `${count} new enrolments for ${title}`,
    text: [
      'Kia ora,',
      '',
      what,
      '',
      where,
      '',
      'This email holds no personal details: they are in the app, for the kaimahi of the service and the managers.',
      '',
    ].join('\n'),
  };
}

/** The wait before the next try after `attempts` failures: doubling, capped, with ±20 % jitter. */
export function retryDelayMs(attempts: number): number {
  const base = Math.min(noticeSettings.maxRetryMs, noticeSettings.firstRetryMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** An error as stored and logged: the mail server's words, one line, bounded. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 1000);
}

type Outcome = { status: 'sent' | 'failed' | 'skipped'; recipients: number; error: string | null };

/** Writes the outcome of one try to every notice it covered, with an attempt row each, together. */
async function record(notices: Notification[], outcome: Outcome): Promise<void> {
  const at = new Date(now());
  await sequelize.transaction(async (transaction) => {
    for (const notice of notices) {
      const attempts = notice.attempts + 1;
      const gaveUp = outcome.status === 'failed' && attempts >= noticeSettings.maxAttempts;
      await notice.update(
        {
          attempts,
          state: outcome.status === 'failed' ? (gaveUp ? 'failed' : 'pending') : outcome.status,
          nextAttemptAt: outcome.status === 'failed' ? new Date(at.getTime() + retryDelayMs(attempts)) : notice.nextAttemptAt,
          lastError: outcome.error,
          sentAt: outcome.status === 'sent' ? at : null,
          claimedBy: null,
          claimedUntil: null,
        },
        { transaction },
      );
      await NotificationAttempt.create(
        { id: crypto.randomUUID(), notificationId: notice.id, at, status: outcome.status, recipients: outcome.recipients, error: outcome.error },
        { transaction },
      );
      if (gaveUp)
        logger.error({ notification: notice.id, service: notice.serviceKey, attempts, error: outcome.error }, 'gave up emailing staff about a new enrolment');
    }
  });
}

/** Takes every due notice no live worker holds; answers those this worker now holds. */
async function claimDue(worker: string): Promise<Notification[]> {
  const at = new Date(now());
  await Notification.update(
    { claimedBy: worker, claimedUntil: new Date(at.getTime() + noticeSettings.claimMs) },
    {
      where: {
        state: 'pending',
        nextAttemptAt: { [Op.lte]: at },
        [Op.or]: [{ claimedUntil: null }, { claimedUntil: { [Op.lt]: at } }],
      },
    },
  );
  return Notification.findAll({ where: { claimedBy: worker, state: 'pending' }, order: [['createdAt', 'ASC']] });
}

/** One pass: the due notices, one email per service (a burst of enrolments is one email). */
async function sendDue(transport: Transporter, from: string, publicUrl: string | undefined, worker: string): Promise<void> {
  const due = await claimDue(worker);
  const byService = new Map<string, Notification[]>();
  for (const notice of due) byService.set(notice.serviceKey, [...(byService.get(notice.serviceKey) ?? []), notice]);
  for (const [serviceKey, notices] of byService) {
    const recipients = await recipientsFor(serviceKey);
    if (recipients.length === 0) {
      await record(notices, { status: 'skipped', recipients: 0, error: 'Nobody works on this service: no active manager or kaimahi of it' });
      continue;
    }
    const { subject, text } = noticeMessage(await serviceTitle(serviceKey), notices.length, publicUrl);
    try {
      await transport.sendMail({ from, bcc: recipients, subject, text, headers: { 'Auto-Submitted': 'auto-generated' } });
      await record(notices, { status: 'sent', recipients: recipients.length, error: null });
      logger.info({ service: serviceKey, enrolments: notices.length, recipients: recipients.length }, 'emailed staff about new enrolments');
    } catch (error) {
      const message = errorText(error);
      logger.warn({ service: serviceKey, enrolments: notices.length, error: message }, 'could not email staff about new enrolments; will retry');
      await record(notices, { status: 'failed', recipients: recipients.length, error: message });
    }
  }
}

export type NoticeWorker = {
  /** Looks for due notices now (after a commit, or in tests after moving the clock). */
  wake(): void;
  /** Resolves when the current pass (and any it was asked to repeat) has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

let activeWorker: NoticeWorker | undefined;

/**
 * Starts the background sender when SMTP_URL is set (once per process); its first pass sends
 * what waited through a restart. Undefined when email is off.
 */
export function startNoticeWorker(): NoticeWorker | undefined {
  const { mail, publicUrl } = getConfig();
  if (!mail) return undefined;
  if (activeWorker) return activeWorker;
  const transport = createMailTransport(mail.smtpUrl, noticeSettings.smtpTimeoutMs);
  const id = `${process.pid}-${crypto.randomUUID()}`;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const pass = async () => {
    do {
      again = false;
      try {
        await sendDue(transport, mail.from, publicUrl, id);
      } catch (error) {
        // The database was unreachable, say: the rows wait, and the next pass tries again.
        logger.error({ error: errorText(error) }, 'the staff notice worker failed a pass');
      }
    } while (again && !stopped);
  };

  const worker: NoticeWorker = {
    wake() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = pass().finally(() => (running = undefined));
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await worker.idle();
      transport.close();
      if (activeWorker === worker) activeWorker = undefined;
    },
  };
  const timer = setInterval(() => worker.wake(), noticeSettings.pollMs);
  timer.unref();
  activeWorker = worker;
  worker.wake();
  return worker;
}
