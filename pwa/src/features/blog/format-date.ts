import { formatDate } from '../../i18n/i18n';

/** A post's date in the chosen language, e.g. "3 March 2025". */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' });
}
