import { foldForSearch } from './clients';

/**
 * Client search as decision 021 defines it, in the contract so the app's offline copy finds
 * exactly what the server finds (decision 045): the folded words of the names, the email (whole
 * and the words of its local part) and the phone's digits in national and international form are
 * a client's terms, with the phone's digits reversed (`phoneSuffixTerm`, migration 018); every
 * folded word of the query must be the start of one of them, and a word of three or more digits
 * may instead be the end of the phone.
 * `clientSearchTerms` equals the server's `searchTermsOf` (a server test holds them together).
 */
export function clientSearchTerms(client: {
  givenName: string;
  familyName: string;
  preferredName: string | null;
  phone: string | null;
  email: string | null;
}): string[] {
  const terms = new Set<string>();
  const words = (text: string) =>
    foldForSearch(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  for (const name of [client.givenName, client.familyName, client.preferredName]) for (const word of words(name ?? '')) terms.add(word);
  if (client.email) {
    const email = client.email.toLowerCase();
    terms.add(email);
    for (const word of words(email.split('@')[0] ?? '')) terms.add(word);
  }
  const digits = (client.phone ?? '').replace(/\D/g, '');
  if (digits) {
    terms.add(digits);
    if (digits.startsWith('64')) terms.add(`0${digits.slice(2)}`);
    else if (digits.startsWith('0')) terms.add(`64${digits.slice(1)}`);
    terms.add(phoneSuffixTerm(digits));
  }
  return [...terms].map((term) => term.slice(0, 254));
}

/**
 * The term that finds a phone by its last digits (issue 20: `?q=4567` finds "021 555 4567"):
 * `~` (which no folded word holds) and the digits reversed, so the last digits are its prefix.
 */
export function phoneSuffixTerm(digits: string): string {
  return `~${[...digits].reverse().join('')}`;
}

/** For a query word of three or more digits, the prefix that matches phones ending in it; else undefined. */
export function phoneSuffixWord(word: string): string | undefined {
  return /^[0-9]{3,}$/.test(word) ? phoneSuffixTerm(word) : undefined;
}

/** The words of a query: a phone number typed with spaces is one word of digits; an email is matched whole. */
export function clientSearchWords(q: string): string[] {
  const text = q.trim();
  const digits = text.replace(/\D/g, '');
  if (/^[0-9+\-() ]+$/.test(text) && digits.length >= 3) return [digits];
  if (text.includes('@')) return [text.toLowerCase().replace(/\s+/g, '')];
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 6);
}

/** Whether a client with these terms matches these words (each word starts some term, or, of three or more digits, ends a phone). */
export function matchesSearch(terms: readonly string[], words: readonly string[]): boolean {
  return (
    words.length > 0 &&
    words.every((word) => {
      const suffix = phoneSuffixWord(word);
      return terms.some((term) => term.startsWith(word) || (suffix !== undefined && term.startsWith(suffix)));
    })
  );
}
