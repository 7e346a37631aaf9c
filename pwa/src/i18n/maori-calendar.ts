/**
 * Dates in te reo Māori (issue 31). Browsers have no Māori calendar names (Chromium wrote "Ko
 * tēnei rā ko Sunday, 29 November" in the Māori interface), so the New Zealand English form is
 * made and its day and month names are put in te reo; numbers, order and times stay as they are.
 * Loaded with the Māori words (i18n.ts), never in the first download.
 */
const englishDays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const maoriDays = ['Rātapu', 'Rāhina', 'Rātū', 'Rāapa', 'Rāpare', 'Rāmere', 'Rāhoroi'];
const englishMonths = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const maoriMonths = [
  'Kohitātea',
  'Huitanguru',
  'Poutūterangi',
  'Paengawhāwhā',
  'Haratua',
  'Pipiri',
  'Hōngongoi',
  'Here-turi-kōkā',
  'Mahuru',
  'Whiringa-ā-nuku',
  'Whiringa-ā-rangi',
  'Hakihea',
];

/** A date in te reo: the New Zealand English form with te reo's day and month names. */
export function formatMaoriDate(date: Date, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-NZ', options)
    .formatToParts(date)
    .map((part) => {
      const prefix = part.value.slice(0, 3).toLowerCase();
      if (part.type === 'weekday') return maoriDays[englishDays.indexOf(prefix)] ?? part.value;
      if (part.type === 'month' && !/^\d/.test(part.value)) return maoriMonths[englishMonths.indexOf(prefix)] ?? part.value;
      return part.value;
    })
    .join('');
}
