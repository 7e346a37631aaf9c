import { outcomeWords } from '@contract/report-card';

/**
 * The whānau's own app (issue 34, DESIGN §4e) and "How are we going?", which a member fills in on
 * their phone and a kaimahi with the whānau at a visit. Registered by the routes that show them
 * (i18n/whanau-app.ts).
 */
export const enWhanauApp = {
  'voice.title': 'How are we going?',
  'voice.lead': 'For each part of whānau life, choose the number that fits best right now: 1 is not well at all, 5 is very well.',
  'voice.on': 'Date',
  'voice.comment': 'Anything you want to add (optional)',
  'voice.save': 'Save our answers',
  'voice.saved': 'Saved. Thank you.',
  'voice.point.1': 'Not well at all',
  'voice.point.2': 'Not so well',
  'voice.point.3': 'Okay',
  'voice.point.4': 'Well',
  'voice.point.5': 'Very well',
  'voice.chooseEach': 'Choose a number for each of the seven',
  'voice.outcome.selfManaging': outcomeWords.selfManaging,
  'voice.outcome.healthyLifestyles': outcomeWords.healthyLifestyles,
  'voice.outcome.participatingInSociety': outcomeWords.participatingInSociety,
  'voice.outcome.teAoMaori': outcomeWords.teAoMaori,
  'voice.outcome.economicallySecure': outcomeWords.economicallySecure,
  'voice.outcome.cohesiveResilientNurturing': outcomeWords.cohesiveResilientNurturing,
  'voice.outcome.stewardsOfEnvironment': outcomeWords.stewardsOfEnvironment,
} as const;
