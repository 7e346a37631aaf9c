import type { ServiceEntry } from './services';

/** The trust's six free services, seeded into the database at start. */
export const serviceCatalogue: readonly ServiceEntry[] = [
  {
    key: 'active_rangatahi_project',
    bg: 'Communications',
    title: 'Active Rangatahi Project',
    status: 'inactive',
    statusText: 'Enrolments are closed for now',
    url: '/service/active_rangatahi_project',
    enrol: '/enrol/active_rangatahi_project',
    subtitle: 'Learning and development',
    actionText: 'Enrol now',
    formLabel: 'Enrol in the Active Rangatahi Project',
    icon: 'book',
    descriptionTitle: 'Learning, growing and getting active together',
    referralText:
      'Rangatahi can **self-refer**, or be referred by whānau, a school, a youth worker or another ' +
      'agency (with the young person’s agreement). [Get in touch](/contact) and a kaimahi ' +
      'will get back to you.',
    description: [
      'The Active Rangatahi Project is a free learning and development programme for rangatahi. ' +
        'Through workshops, group mahi, fitness and tākaro (games and play), young people build ' +
        'confidence, learn to speak up and work well with others.',
      'Everything we do is grounded in whanaungatanga and manaakitanga. Rangatahi are welcomed ' +
        'as they are, and our kaimahi take time to get to know each young person and what they ' +
        'want to get out of the programme.',
      'We keep groups personal. When a group has more than 25 rangatahi, we split it into pairs ' +
        'so that everyone gets a turn, a voice and someone to learn alongside.',
    ],
    Sections: [
      {
        markUp: false,
        title: 'Who it is for',
        description: 'Rangatahi who want to learn new skills, get active and meet other young people.',
        bullets: [
          'Rangatahi from across Ōtautahi Christchurch',
          'Māori, Pasifika and all young people who would like to take part',
          'No experience needed — just bring yourself',
        ],
      },
      {
        markUp: true,
        title: 'What happens',
        description:
          'Sessions mix **learning** and **doing**:\n\n' +
          '- communication and leadership workshops\n' +
          '- fitness and tākaro events\n' +
          '- group projects, with large groups split into pairs\n\n' +
          'Sessions are **free of charge**.',
        bullets: [],
      },
      {
        markUp: false,
        title: 'How to get involved',
        bullets: ['Enrol online when enrolments are open', 'Or ask a kaimahi to let you know when the next programme starts'],
      },
    ],
    extras: ['Free of charge', 'Open to rangatahi across Ōtautahi Christchurch'],
  },
  {
    key: 'mobile_rangatahi',
    bg: 'Rangatahi',
    title: 'Mobile Rangatahi',
    status: 'inactive',
    statusText: '',
    url: '/service/mobile_rangatahi',
    enrol: '/enrol/mobile_rangatahi',
    subtitle: 'Well-being support that comes to you',
    actionText: 'Enrol now',
    formLabel: 'Enrol in Mobile Rangatahi',
    icon: 'van',
    descriptionTitle: 'A mobile well-being and suicide-prevention unit',
    referralText:
      'Rangatahi can **self-refer**, and whānau, schools, youth workers and health services can ' +
      'refer a young person with their agreement: [get in touch](/contact). ' +
      'This is not a crisis service: if you or someone you know is in immediate danger, call 111.',
    description: [
      'Mobile Rangatahi is a mobile well-being and suicide-prevention unit. Instead of asking ' +
        'young people to come to an office, our kaimahi come to rangatahi — to their community, ' +
        'their kura or a place where they feel comfortable.',
      'The service supports the hauora of rangatahi in three stages: first we build a connection, ' +
        'then we kōrero about well-being and practise skills for hard times, and then we make sure ' +
        'ongoing support is in place, with whānau involved wherever the young person wants them to be.',
      'If you or someone you know is in immediate danger, call 111. Need to talk? Free call or ' + 'text 1737 any time.',
    ],
    Sections: [
      {
        markUp: false,
        title: 'The three stages',
        bullets: [
          'Stage 1 — Whakawhanaungatanga: getting to know each other and building trust',
          'Stage 2 — Kōrero: well-being check-ins and practical skills for coping with stress',
          'Stage 3 — Tautoko: ongoing support, and referral to other services when needed',
        ],
      },
      {
        markUp: true,
        title: 'Who it is for',
        description:
          'Rangatahi who are finding things tough, and the whānau and friends who care about them. ' +
          'The service is **free** and **confidential**, and it comes to you.',
        bullets: [],
      },
      {
        markUp: false,
        title: 'Help right now',
        description: 'If you or someone you know is in immediate danger, call 111. Need to talk? Free call or ' + 'text 1737 any time.',
        bullets: [],
      },
    ],
    extras: ['Free and confidential', 'We come to you'],
  },
  {
    key: 'musical_therapy',
    bg: 'Music',
    title: 'Musical Therapy',
    status: 'inactive',
    statusText: 'All free spaces are taken for now',
    url: '/service/musical_therapy',
    enrol: '/enrol/musical_therapy',
    subtitle: 'Music lessons and music therapy',
    actionText: 'Enrol now',
    formLabel: 'Enrol in Musical Therapy',
    icon: 'music',
    descriptionTitle: 'Healing and confidence through music',
    referralText:
      'Tamariki and rangatahi can be referred by whānau, a school or a health or social service, ' +
      'and whānau can **self-refer**: [get in touch](/contact). ' +
      'There are a **limited number of free spaces**, so we may add you to a waiting list.',
    description: [
      'Musical Therapy offers free music lessons and music therapy for tamariki and rangatahi. ' +
        'Learning an instrument, singing or writing songs can build confidence, help with ' +
        'feelings that are hard to put into words, and bring a lot of joy.',
      'Sessions are relaxed and led by people who care about both the music and the person. ' +
        'No experience is needed, and we can lend instruments for sessions.',
      'There are a limited number of free spaces. When they are full we keep a waiting list ' + 'and get in touch as soon as a space opens up.',
    ],
    Sections: [
      {
        markUp: true,
        title: 'What it costs',
        description: 'Nothing. Lessons are **free**, but spaces are **limited**. ' + '[Ask us](/contact) about the waiting list.',
        bullets: [],
      },
      {
        markUp: false,
        title: 'What you can learn',
        bullets: ['Instrument lessons', 'Singing and waiata', 'Songwriting and making music together'],
      },
      {
        markUp: false,
        title: 'Who it is for',
        bullets: ['Tamariki and rangatahi, beginners welcome', 'Young people who would benefit from music as a way to express themselves'],
      },
    ],
    extras: ['Free of charge', 'Limited free spaces'],
  },
  {
    key: 'whanau_kai_support',
    bg: 'Kai',
    title: 'Whānau Kai Support',
    status: 'inactive',
    statusText: 'Not taking new referrals at the moment',
    url: '/service/whanau_kai_support',
    enrol: '/enrol/whanau_kai_support',
    subtitle: 'Food parcels for whānau in need',
    actionText: 'Enrol now',
    formLabel: 'Enrol in Whānau Kai Support',
    icon: 'basket',
    descriptionTitle: 'Kai for whānau when times are tight',
    referralText:
      'Whānau can **self-refer**, or be referred by a kaimahi, a school, a church or another ' +
      'agency. [Get in touch](/contact) and tell us a little about your whānau and how to reach you.',
    description: [
      'Whānau Kai Support provides free food parcels to whānau who are struggling to put kai on ' +
        'the table. Sometimes life throws up a hard week or a hard month, and nobody should go ' +
        'hungry because of it.',
      'Our kaimahi put parcels together with care and manaakitanga, and there is no judgement — ' +
        'just kai, a friendly face and a kōrero about any other support that might help.',
    ],
    Sections: [
      {
        markUp: false,
        title: 'Who it is for',
        bullets: ['Whānau in Ōtautahi Christchurch who need help with kai', 'Families with tamariki, kaumātua, and people living on their own'],
      },
      {
        markUp: true,
        title: 'How it works',
        description:
          '1. Get in touch or have someone refer you.\n' +
          '2. A kaimahi talks with you about what your whānau needs.\n' +
          '3. We arrange a **free** food parcel for you.',
        bullets: [],
      },
      {
        markUp: false,
        title: 'More than kai',
        description: 'If there is something else going on, we can connect you with our Whānau Ora Support service.',
        bullets: [],
      },
    ],
    extras: ['Free of charge', 'No judgement, just kai'],
  },
  {
    key: 'whanau_ora_support',
    bg: 'Whanau',
    title: 'Whānau Ora Support',
    status: 'active',
    statusText: '',
    url: '/service/whanau_support',
    enrol: '/enrol/whanau_ora_support',
    subtitle: 'Support for the whole whānau',
    actionText: 'Enrol now',
    formLabel: 'Enrol in Whānau Ora Support',
    icon: 'people',
    descriptionTitle: 'Walking alongside your whānau',
    referralText:
      'Anyone can **self-refer**, and whānau can also be referred by a doctor, school, agency or ' +
      'friend (with their agreement). Enrol online, or [get in touch](/contact).',
    description: [
      'Whānau Ora Support is whānau-centred: we work with the whole whānau, not just one person, ' +
        'and you decide what matters most. A kaimahi walks alongside you to set goals and find ' +
        'the right help.',
      'We help whānau find their way through health, housing, employment and education — ' +
        'whether that means getting to the right appointment, sorting out a housing application, ' +
        'preparing for a job or supporting tamariki at school.',
      'Our mahi is guided by whanaungatanga and manaakitanga. We are a Māori community trust, and ' + 'everyone who comes to us is welcomed with respect.',
    ],
    Sections: [
      {
        markUp: true,
        title: 'What we can help with',
        description:
          '- **Health and hauora**: connecting with doctors and health services\n' +
          '- **Housing**: understanding options and applications\n' +
          '- **Employment**: CVs, training and job seeking\n' +
          '- **Education**: support for tamariki, rangatahi and adult learners',
        bullets: [],
      },
      {
        markUp: false,
        title: 'What happens after you enrol',
        bullets: [
          'A kaimahi gets in touch to arrange a time to meet',
          'Together we talk about what your whānau needs and set goals',
          'We work alongside you and check in along the way',
        ],
      },
      {
        markUp: false,
        title: 'What it costs',
        description: 'Whānau Ora Support is free.',
        bullets: [],
      },
    ],
    extras: ['Free of charge', 'Open to whānau across Ōtautahi Christchurch', 'Enrolments open now'],
  },
  {
    key: 'raised_gardens',
    bg: 'Garden',
    title: 'Raised Gardens',
    status: 'inactive',
    statusText: '',
    url: '/service/raised_gardens',
    enrol: '/enrol/raised_gardens',
    subtitle: 'Maara Kai — grow your own kai at home',
    actionText: 'Enrol now',
    formLabel: 'Enrol in Raised Gardens',
    icon: 'sprout',
    descriptionTitle: 'A māra kai at your home',
    referralText: 'Whānau can **self-refer** or be referred by a kaimahi or another agency. ' + '[Get in touch](/contact) to register your interest.',
    description: [
      'Raised Gardens helps whānau set up an in-home raised garden — a māra kai — so you can ' + 'grow fresh vegetables and herbs right outside your door.',
      'We help build the garden and get it planted, and share tips on looking after it through ' +
        'the seasons. Gardening together is a great way for tamariki to learn where kai comes ' +
        'from, and it is good for everyone’s hauora.',
    ],
    Sections: [
      {
        markUp: false,
        title: 'Who it is for',
        bullets: ['Whānau in Ōtautahi Christchurch who would like to grow their own kai', 'Beginners welcome — no gardening experience needed'],
      },
      {
        markUp: true,
        title: 'What you get',
        description: 'A **free** raised māra kai at your home, help getting it planted, and advice on ' + 'keeping it growing.',
        bullets: [],
      },
    ],
    extras: ['Free of charge', 'Grow fresh kai at home'],
  },
];

/** A service's own title by its key (the trust's wording, shown as given in both languages); the key when unknown. */
export function serviceTitle(key: string): string {
  return serviceCatalogue.find((service) => service.key === key)?.title ?? key;
}
