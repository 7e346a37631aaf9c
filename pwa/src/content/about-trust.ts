/**
 * The app's own words about the trust that only parts loaded after the first view show: its
 * tagline (footer), the app's description (web app manifest), and the aims, values, mission and
 * focus of the About page and the home page below its services. Kept apart from site.ts, which
 * the first download carries, so a visitor's phone fetches these only with the parts that show
 * them (decision 060).
 */
export const aboutTrust = {
  tagline: 'Supporting whānau, rangatahi and tamariki in Ōtautahi Christchurch',
  description: 'A Māori community charitable trust in Ōtautahi Christchurch offering free services for whānau, ' + 'rangatahi and tamariki.',

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
};
