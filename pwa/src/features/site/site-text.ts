/** A `tel:` link for a New Zealand number as the trust writes it: `03 123 4567` → `tel:+6431234567`. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  return digits.startsWith('0') ? `tel:+64${digits.slice(1)}` : `tel:${digits}`;
}

const networkNames: Record<string, string> = {
  'facebook.com': 'Facebook',
  'instagram.com': 'Instagram',
  'tiktok.com': 'TikTok',
  'youtube.com': 'YouTube',
  'linkedin.com': 'LinkedIn',
  'x.com': 'X',
  'twitter.com': 'X',
};

/** The name a social link is known by: "Facebook" for facebook.com, else the site's own host. */
export function socialNetworkName(url: string): string {
  let host = '';
  try {
    host = new URL(url).hostname.replace(/^(www|m)\./, '');
  } catch {
    return url;
  }
  return networkNames[host] ?? host;
}

/** The lines of an address or opening hours, as typed (empty lines dropped). */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
