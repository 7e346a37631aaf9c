import { limits } from '@contract/limits';
import { formatDate as formatInLanguage, formatNumber, translate } from '../../i18n/i18n';

export function formatDateTime(iso: string): string {
  return formatInLanguage(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string): string {
  return formatInLanguage(iso);
}

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** A file size people can read: 930 bytes, 12.4 KB, 3.1 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return translate('manage.bytes', { count: bytes });
  if (bytes < 1024 * 1024) return translate('manage.kilobytes', { size: formatNumber(bytes / 1024, oneDecimal) });
  return translate('manage.megabytes', { size: formatNumber(bytes / (1024 * 1024), oneDecimal) });
}

const accessKeys = { 1: 'manage.access1', 2: 'manage.access2', 3: 'manage.access3' } as const;

export function accessName(access: number): string {
  return access === 1 || access === 2 || access === 3 ? translate(accessKeys[access]) : translate('manage.accessLevel', { level: access });
}

/** The levels a manager may give: never above their own (the server enforces the same rule). */
export function grantableAccessLevels(ownAccess: number): number[] {
  const levels: number[] = [];
  for (let level = limits.accessMin; level <= Math.min(ownAccess, limits.accessMax); level += 1) levels.push(level);
  return levels;
}
