/**
 * The About page's words (issue 22): content managers edit in English and te reo Māori at
 * /manage/about. These are the first version, which the server stores on its first start; the
 * app also shows them when it has no signal and no copy yet. Types and data only, no zod.
 */

/** One of the values that guide the trust's mahi: its name (a Māori word in both languages) and what it means. */
export type AboutValue = { name: string; text: string };

export type AboutTexts = { lead: string; paragraphs: string[]; values: AboutValue[] };

/** The About page in te reo Māori: any part may be missing, and then the English shows, marked as English. */
export type AboutTextsMi = { lead?: string; paragraphs?: string[]; values?: { text?: string }[] };

/** `GET /api/content/about`. */
export type AboutPage = { en: AboutTexts; mi: AboutTextsMi; updatedAt: string | null };

export const aboutPageSeed: AboutTexts = {
  lead: 'Supporting whānau, rangatahi and tamariki in Ōtautahi Christchurch',
  paragraphs: [
    'Te Whare Manaaki Trust is a Māori community charitable trust based in Ōtautahi Christchurch, ' +
      'Waitaha Canterbury. We were started by whānau, for whānau, with one simple idea: that every ' +
      'family deserves a warm welcome, good kai on the table and people in their corner.',
    'Our focus is whānau, rangatahi and tamariki, especially Māori, Pasifika and communities who ' +
      'are doing it tough. All of our services are free. We work alongside whānau rather than ' +
      'doing things to them, and we take the time to build real relationships.',
    'Our mahi is guided by tikanga Māori and the values of manaakitanga (care and hospitality), ' +
      'whanaungatanga (relationships and belonging) and kotahitanga (unity). We partner with ' +
      'schools, health providers, iwi and other community groups so that whānau get joined-up support.',
  ],
  values: [
    { name: 'Manaakitanga', text: 'Care, respect and generosity towards everyone who comes to us.' },
    { name: 'Whanaungatanga', text: 'Building relationships and a sense of belonging.' },
    { name: 'Kotahitanga', text: 'Working together as one with whānau and community.' },
    { name: 'Rangatiratanga', text: 'Whānau leading their own lives and decisions.' },
  ],
};
