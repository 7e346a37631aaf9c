import type { EnrolmentStatus } from '@contract/enrolments';
import type { ContactKind, GoalArea, GoalStatus } from '@contract/whanau';
import type { MessageKey } from './i18n';

/**
 * The catalogue's words for the contract's values of case work, one map each for every screen that
 * shows them (the kaimahi's and the whānau's app alike). The words are in the client-work
 * catalogue (i18n/clients).
 */
export const goalAreaWords = {
  health: 'whanau.area.health',
  housing: 'whanau.area.housing',
  education: 'whanau.area.education',
  employment: 'whanau.area.employment',
  kai: 'whanau.area.kai',
  income: 'whanau.area.income',
  wellbeing: 'whanau.area.wellbeing',
  culture: 'whanau.area.culture',
  other: 'whanau.area.other',
} as const satisfies Record<GoalArea, MessageKey>;

export const goalStatusWords = {
  'not started': 'whanau.goalStatus.notStarted',
  'in progress': 'whanau.goalStatus.inProgress',
  achieved: 'whanau.goalStatus.achieved',
  stopped: 'whanau.goalStatus.stopped',
} as const satisfies Record<GoalStatus, MessageKey>;

export const contactKindWords = {
  'home visit': 'whanau.contactKind.homeVisit',
  phone: 'whanau.contactKind.phone',
  office: 'whanau.contactKind.office',
  marae: 'whanau.contactKind.marae',
  online: 'whanau.contactKind.online',
  other: 'whanau.contactKind.other',
} as const satisfies Record<ContactKind, MessageKey>;

export const enrolmentStatusWords = {
  new: 'clients.status.new',
  contacted: 'clients.status.contacted',
  enrolled: 'clients.status.enrolled',
  completed: 'clients.status.completed',
  declined: 'clients.status.declined',
} as const satisfies Record<EnrolmentStatus, MessageKey>;
