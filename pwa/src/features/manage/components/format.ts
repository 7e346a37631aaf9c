import { limits } from '@contract/limits';

const dateTime = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium' });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

/** A file size people can read: 930 bytes, 12.4 KB, 3.1 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const accessNames: Record<number, string> = { 1: 'Kaimahi (staff)', 2: 'Manager', 3: 'Owner' };

export function accessName(access: number): string {
  return accessNames[access] ?? `Level ${access}`;
}

/** The levels a manager may give: never above their own (the server enforces the same rule). */
export function grantableAccessLevels(ownAccess: number): number[] {
  const levels: number[] = [];
  for (let level = limits.accessMin; level <= Math.min(ownAccess, limits.accessMax); level += 1) levels.push(level);
  return levels;
}
