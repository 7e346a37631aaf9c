import pino from 'pino';
import { getConfig } from '../config';
import { openLogFile } from './log-file';

const config = getConfig();

/** The operational log file; the logs API reopens it after deleting the file being written. */
export const logFile = openLogFile(config.logDir, { retentionDays: config.logRetentionDays, maxTotalBytes: config.logMaxTotalMb * 1024 * 1024 });

const destinations: pino.StreamEntry[] = [{ stream: logFile }];
if (config.env !== 'test') destinations.push({ stream: process.stdout });

/**
 * One logger for the server. It never receives request bodies, query strings or tokens:
 * those can hold passwords and clients' personal details.
 */
export const logger = pino(
  {
    level: config.logLevel,
    redact: { paths: ['password', '*.password', 'token', '*.token', 'headers["x-auth-token"]'], censor: '[redacted]' },
  },
  pino.multistream(destinations),
);
