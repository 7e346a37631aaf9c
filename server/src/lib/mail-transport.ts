import nodemailer, { type Transporter } from 'nodemailer';

/**
 * The mail server of SMTP_URL (smtp://user:pass@host:587, smtps://…:465), with timeouts so a
 * silent server fails the send instead of holding it. Used by staff notices and invite emails.
 */
export function createMailTransport(smtpUrl: string, timeoutMs: number): Transporter {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}
