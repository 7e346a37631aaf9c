import fs from 'node:fs';
import type http from 'node:http';
import { createApp } from './app';
import { getConfig } from './config';
import { migrate } from './db/migrate';
import { User } from './db/models/user';
import { seedServices } from './db/seed';
import { sequelize } from './db/sequelize';
import { createHttpServer } from './lib/http-server';
import { uploadsRoot } from './lib/images';
import { pruneImportPreviews } from './features/import/import.service';
import { inviteMailsSettled } from './features/whanau-app/invite-mail';
import { pruneStoredAnswers } from './lib/idempotency';
import { logger } from './lib/logger';
import { startNoticeWorker } from './lib/staff-notices';

/** Migrates, seeds the services, and serves the app and API on one port until told to stop. */
export async function startServer(): Promise<http.Server> {
  const config = getConfig();
  await migrate();
  await seedServices();
  // Uploads left by a process killed mid-request; every finished request removes its own.
  fs.rmSync(uploadsRoot(), { recursive: true, force: true });
  if (!config.rateLimits) logger.warn('RATE_LIMITS=off: login and enrolment rate limits are disabled');
  if ((await User.count()) === 0) {
    console.log(
      [
        '',
        'No staff accounts yet. Create the first manager with:',
        '  npm run create-user -- --email you@example.org --name "Your Name" --access 2',
        '(it asks for the password)',
        '',
      ].join('\n'),
    );
  }
  // Answers of staff writes older than STORED_ANSWER_DAYS go at start and every six hours (decision
  // 087), and so do import previews not confirmed within a day.
  const prune = () => {
    void pruneStoredAnswers().catch((error: unknown) => logger.error({ err: error }, 'pruning stored answers failed'));
    void pruneImportPreviews().catch((error: unknown) => logger.error({ err: error }, 'pruning import previews failed'));
  };
  prune();
  const pruning = setInterval(prune, 6 * 60 * 60 * 1000);
  pruning.unref();
  const server = createHttpServer(createApp().callback(), config.http, { behindProxy: config.proxyHops > 0 });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  logger.info({ port: config.port, database: config.database.dialect }, 'listening');
  // Staff notices of new enrolments by email, when SMTP_URL is set; sends what waited through a restart.
  const notices = startNoticeWorker();
  if (notices) {
    logger.info({ from: config.mail?.from }, 'staff are emailed about new enrolments');
    if (!config.publicUrl) logger.warn('PUBLIC_URL is not set: notice emails cannot link to the app');
  }
  console.log(`Serving on http://localhost:${config.port}`);

  const stop = () => {
    server.close(
      () =>
        void (notices?.stop() ?? Promise.resolve())
          .then(inviteMailsSettled)
          .then(() => sequelize.close())
          .then(() => process.exit(0)),
    );
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return server;
}
