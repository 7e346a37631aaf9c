import '../../i18n/pages'; // the months' names (en-pages.ts), registered wherever a post's date shows
import { translate } from '../../i18n/i18n';
import { nzTimeZone } from '../../lib/nz-zone';

/**
 * A post's date in the chosen language, e.g. "3 March 2025" or "3 Poutūterangi 2025": the day it
 * was in New Zealand, where the trust writes, whatever the reader's phone or the server is set to.
 * The month's name comes from the catalogue, not the browser: Chromium has no Māori dates (it
 * wrote "March 3, 2025") while Node has, and the server's page and the phone's hydration must
 * read the same (decision 096).
 */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: nzTimeZone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  return `${part('day')} ${translate('blog.months').split(',')[part('month') - 1]} ${part('year')}`;
}

/**
 * When a post went out: its publication time, or its creation for a copy kept from before the
 * server sent it (and for a manager's preview of a draft, which has none yet).
 */
export function publishedAt(post: { createdAt: string; publishAt?: string | null | undefined }): string {
  return post.publishAt ?? post.createdAt;
}
