import type { EnrolmentStatus } from '@contract/enrolments';
import { serviceCatalogue } from '@contract/catalogue';
import type { PagerWords } from '../../../components/pager';
import type { MessageKey } from '../../../i18n/i18n';
import type { AuditAction, ConsentHow } from '../api/types';
import type { TextFieldName } from '../client-form-values';

/** The words of the client screens' pagers (the enrolments inbox, the clients list, a record's audit trail). */
export const pagerWords: PagerWords = { previous: 'clients.previous', next: 'clients.next', where: 'clients.pageOf' };

export { enrolmentStatusWords as statusKey } from '../../../i18n/record-words';

/** The step forward from each status (new → contacted → enrolled → completed), and its button. */
export const nextStatus: Partial<Record<EnrolmentStatus, { status: EnrolmentStatus; label: MessageKey }>> = {
  new: { status: 'contacted', label: 'clients.inbox.markContacted' },
  contacted: { status: 'enrolled', label: 'clients.inbox.markEnrolled' },
  enrolled: { status: 'completed', label: 'clients.inbox.markCompleted' },
};

export const fieldLabelKey: Record<TextFieldName | 'consentHow' | 'consentAt' | 'consentStatementVersion' | 'consent', MessageKey> = {
  givenName: 'clients.field.givenName',
  familyName: 'clients.field.familyName',
  preferredName: 'clients.field.preferredName',
  dateOfBirth: 'clients.field.dateOfBirth',
  phone: 'clients.field.phone',
  email: 'clients.field.email',
  address: 'clients.field.address',
  suburb: 'clients.field.suburb',
  iwi: 'clients.field.iwi',
  hapu: 'clients.field.hapu',
  household: 'clients.field.household',
  notes: 'clients.field.notes',
  consent: 'clients.field.consent',
  consentHow: 'clients.field.consentHow',
  consentAt: 'clients.field.consentAt',
  consentStatementVersion: 'clients.field.consentStatementVersion',
};

export const consentHowKey: Record<ConsentHow, MessageKey> = {
  online: 'clients.consent.online',
  'in person': 'clients.consent.inPerson',
  phone: 'clients.consent.phone',
};

export const auditActionKey: Record<AuditAction, MessageKey> = {
  view: 'clients.audit.action.view',
  create: 'clients.audit.action.create',
  update: 'clients.audit.action.update',
  note: 'clients.audit.action.note',
  link: 'clients.audit.action.link',
  status: 'clients.audit.action.status',
  export: 'clients.audit.action.export',
  'user.create': 'clients.audit.action.userCreate',
  'user.update': 'clients.audit.action.userUpdate',
  'user.deactivate': 'clients.audit.action.userDeactivate',
  'login.failed': 'clients.audit.action.loginFailed',
  merge: 'clients.audit.action.merge',
  'merge.undo': 'clients.audit.action.mergeUndo',
  import: 'clients.audit.action.import',
  'import.undo': 'clients.audit.action.importUndo',
};

export { serviceTitle } from '@contract/catalogue';

export const services = serviceCatalogue.map((service) => ({ key: service.key, title: service.title }));
