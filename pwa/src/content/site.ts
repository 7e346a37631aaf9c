import type { SpecKey } from '../i18n/spec';

/**
 * The trust's own words and details, in one place so staff can change them without touching
 * components. Anything marked PLACEHOLDER must be replaced with the trust's real details
 * before going live.
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

export type TeamMember = {
  name: string;
  role: string;
  bio: string;
  /** Sample entry written for the prototype: replace with the real kaitiaki. */
  sample: boolean;
};

export type FormerService = { title: string; years: string; summary: string };

export const site = {
  name: 'Te Whare Manaaki Trust',
  shortName: 'Te Whare Manaaki',
  tagline: 'Supporting whānau, rangatahi and tamariki in Ōtautahi Christchurch',
  description:
    'A Māori community charitable trust in Ōtautahi Christchurch offering free services for whānau, ' +
    'rangatahi and tamariki.',

  contact: {
    // PLACEHOLDER: the trust's real email, phone and address.
    email: 'kiaora@example.org.nz',
    phone: '03 000 0000',
    phoneHref: 'tel:+6430000000',
    address: ['Level 1, 100 Example Street', 'Sydenham', 'Ōtautahi Christchurch 8023'],
    postal: 'PO Box 0000, Ōtautahi Christchurch 8140',
    hours: 'Monday to Friday, 9am to 4.30pm',
  },

  // PLACEHOLDER: the trust's real giving page and social page.
  donateUrl: 'https://givealittle.co.nz/org/example-community-trust',
  social: { label: 'Facebook', url: 'https://www.facebook.com/example.community.trust' },

  /** Charities Register number. PLACEHOLDER. */
  charityNumber: 'CC00000',

  about: [
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
    { reo: 'Manaakitanga', english: 'Care, respect and generosity towards everyone who comes to us.' },
    { reo: 'Whanaungatanga', english: 'Building relationships and a sense of belonging.' },
    { reo: 'Kotahitanga', english: 'Working together as one with whānau and community.' },
    { reo: 'Rangatiratanga', english: 'Whānau leading their own lives and decisions.' },
  ],

  mission: [
    {
      verb: 'CREATE',
      text: 'We create initiatives together with our community, shaped by what whānau tell us they need.',
    },
    {
      verb: 'PROVIDE',
      text: 'We provide and facilitate those initiatives, free of charge, with kaimahi who care.',
    },
    {
      verb: 'IMPROVE',
      text: 'We improve outcomes for whānau in health, employment, housing and education.',
    },
  ],

  focus: [
    {
      title: 'Whānau',
      text: 'Families are at the heart of everything we do. We support the whole whānau, not just one person.',
    },
    {
      title: 'Rangatahi',
      text: 'Young people building confidence, fitness and skills, with mentors who believe in them.',
    },
    {
      title: 'Tamariki',
      text: 'Children growing up healthy, well fed and connected to their culture and community.',
    },
  ],
  focusGroups: 'Māori, Pasifika and disadvantaged communities across Ōtautahi Christchurch',

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

  // SAMPLE entries: replace with the trust's real kaitiaki, with their permission.
  team: [
    {
      name: 'Aroha Tipene',
      role: 'Chairperson',
      bio: 'Aroha has worked in community health in Ōtautahi for over twenty years and chairs the trust board.',
      sample: true,
    },
    {
      name: 'Hemi Walker',
      role: 'Kaiwhakahaere (General Manager)',
      bio: 'Hemi leads our kaimahi and looks after partnerships with schools, iwi and health providers.',
      sample: true,
    },
    {
      name: 'Mele Fonua',
      role: 'Whānau Ora Navigator',
      bio: 'Mele walks alongside whānau to set goals and find their way through health, housing and work.',
      sample: true,
    },
    {
      name: 'Tama Rāwiri',
      role: 'Rangatahi Coordinator',
      bio: 'Tama runs our rangatahi fitness and tākaro events and the Active Rangatahi Project.',
      sample: true,
    },
    {
      name: 'Kiri Parata',
      role: 'Music Therapist',
      bio: 'Kiri is a registered music therapist who believes every young person has a song worth sharing.',
      sample: true,
    },
    {
      name: 'Sione Latu',
      role: 'Kai and Māra Kai Lead',
      bio: 'Sione packs kai parcels, builds raised gardens and knows the best time to plant kūmara.',
      sample: true,
    },
  ] satisfies TeamMember[],

  // Examples of past programmes: replace with the trust's own history.
  formerServices: [
    {
      title: 'Kai and hygiene packs during the COVID-19 lockdowns',
      years: '2020 – 2022',
      summary:
        'Contactless delivery of kai, hygiene and cleaning packs to whānau isolating at home across Ōtautahi.',
    },
    {
      title: 'School holiday programmes',
      years: '2017 – 2021',
      summary: 'Free week-long holiday programmes of sport, waiata, art and outings for tamariki aged 6 to 12.',
    },
    {
      title: 'Te reo Māori for whānau',
      years: '2018 – 2020',
      summary: 'Evening te reo Māori classes where whole whānau learned together over a shared kai.',
    },
    {
      title: 'Driver licence support',
      years: '2016 – 2019',
      summary: 'Lessons and test fees for rangatahi working towards their restricted and full licences.',
    },
  ] satisfies FormerService[],
};
