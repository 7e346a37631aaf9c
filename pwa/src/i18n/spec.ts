/**
 * The trust's own English wording from its specification (headings, menu labels, alerts,
 * counter labels), reproduced exactly, typos included where the spec says "spelling as given".
 * These never go through a translation: both languages show them as they are, and the Māori
 * interface may add a Māori line beside them (the `gloss.*` keys of the catalogues), never
 * instead of them.
 */
export const spec = {
  menuHome: 'HOME',
  menuTeam: 'KAITIAKI',
  menuServices: 'SERVICES',
  menuContact: 'CONTACT US',
  menuDonate: 'DONATE',
  menuBlog: 'BLOG',
  menuFormerServices: 'FORMER SERVICES',
  menuLogin: 'LOGIN',
  menuClients: 'CLIENTS',
  menuDashboard: 'DASHBOARD',
  menuManage: 'MANAGE SITE',
  menuLogout: 'LOGOUT',
  weSupport: 'WE SUPPORT WHANAU',
  checkOutServices: 'Check out our free services for more information and to enrol',
  ourFocus: 'OUR FOCUS',
  buildingCommunities: 'Building better communities',
  donateCall: 'WITH YOUR HELP WE CAN BUILD STRONGER COMMUNITES',
  readMore: 'READ MORE',
  enrolNow: 'ENROL NOW',
  temporarilyUnavailable: 'Temporarily unavailable',
  loading: 'Loading...',
  somethingWentWrong: 'Something went wrong.',
  mustLogIn: 'You must log in to veiw this page',
  loggedIn: 'Logged In',
  loggedOut: 'Logged out',
  blogPostCreated: 'Blog Post Created',
  featureCreated: 'Feature Created',
  postDeleted: 'Post Delted',
  featureDeleted: 'Feature Delted',
  logFileDeleted: 'Success: Log File Deleted',
  error: 'Error',
  counterKaiParcels: 'Kai Parcels Delivered',
  counterKaiKg: 'Kg of Kai Delivered',
  counterWhanauAssistance: 'Whanau Assistance Interventions',
  counterYouth: 'Youth Participants',
  counterRangatahiEvents: 'Rangatahi Fitness and Takaro Events',
  counterKaiValue: 'Value of Kai Parcels Delivered',
  counterMusicHours: 'Hours of Music Therapy Provided',
  counterMaaraKai: 'Maara Kai Gardens Planted',
} as const;

export type SpecKey = keyof typeof spec;
