/**
 * The app's own words about the trust that only parts loaded after the first view show: its
 * tagline (footer), the app's description (web app manifest), and the aims (mission) and focus
 * of the About page and the home page below its services. The About page's own words are content
 * (`contract/about-page.ts` is their first version, decision 093). Kept apart from site.ts, which
 * the first download carries, so a visitor's phone fetches these only with the parts that show
 * them (decision 060).
 */
export const aboutTrust = {
  tagline: 'Supporting whānau, rangatahi and tamariki in Ōtautahi Christchurch',
  description: 'A Māori community charitable trust in Ōtautahi Christchurch offering free services for whānau, ' + 'rangatahi and tamariki.',

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
