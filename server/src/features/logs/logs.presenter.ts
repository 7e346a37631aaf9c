import type { LogFile } from '../../../contract/logs';
import type { LogFileEntry } from './logs.service';

/** A log file as the API shows it: never its path on the server. */
export function presentLogFile(entry: LogFileEntry): LogFile {
  return { _id: entry.id, name: entry.name, size: entry.size, modifiedAt: entry.modifiedAt.toISOString() };
}
