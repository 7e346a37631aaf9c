import type { SpecKey } from '../i18n/spec';

/**
 * The app's own words about the trust that the first view shows: its name for the app shell and
 * the home page counters (its tagline, aims, values and the like, which only later parts show,
 * are in about-trust.ts, off the first download: decision 060). The trust's details (phone, email, address, charity number, donate and social
 * links), its team and its former services are content a manager sets in /manage and the app
 * reads from the API (features/site): nothing invented is shown as fact.
 */

export type CounterItem = {
  prefix: string;
  target: number;
  /** The trust's own label (spec §9), kept word for word in spec.ts. */
  text: SpecKey;
  /** Name of the drawn icon shown above the number (see ServiceIcon). */
  image: string;
  postfix?: string;
};

export const site = {
  name: 'Te Whare Manaaki Trust',
  shortName: 'Te Whare Manaaki',
  /** The home page counters, exactly as the trust gave them. */
  counters: [
    { prefix: '', target: 4531, text: 'counterKaiParcels', image: 'basket' },
    { prefix: '', target: 27186, text: 'counterKaiKg', image: 'scales' },
    { prefix: '', target: 2763, text: 'counterWhanauAssistance', image: 'people' },
    { prefix: '', target: 723, text: 'counterYouth', image: 'youth' },
    { prefix: '', target: 1189, text: 'counterRangatahiEvents', image: 'run' },
    { prefix: '$', target: 294515, text: 'counterKaiValue', image: 'coins' },
    { prefix: '', target: 1375, text: 'counterMusicHours', image: 'music' },
    { prefix: '', target: 83, text: 'counterMaaraKai', image: 'sprout' },
  ] satisfies CounterItem[],
};
