import { formatDate } from '../../i18n/i18n';

/** A post's date in the chosen language, e.g. "3 March 2025". */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * When a post went out: its publication time, or its creation for a copy kept from before the
 * server sent it (and for a manager's preview of a draft, which has none yet).
 */
export function publishedAt(post: { createdAt: string; publishAt?: string | null | undefined }): string {
  return post.publishAt ?? post.createdAt;
}
