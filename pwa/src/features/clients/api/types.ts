import type { AuditEvent } from '@contract/audit';
import type {
  CaseNote,
  ClientChanges,
  ClientDetail,
  ClientRecord,
  Consent,
  ConsentMethod,
  CreateClientInput,
  EditConflictBody,
  FieldConflict,
  ListClientsQuery,
} from '@contract/clients';
import type { Page } from '@contract/common';
import type { EnrolmentListItem, EnrolmentStatus, ListEnrolmentsQuery, UpdateEnrolmentInput } from '@contract/enrolments';

/** The API's types this feature uses, under the names its components read (all from the contract). */
export type { AuditEvent, CaseNote, ClientChanges, ClientDetail, Consent, CreateClientInput, Page, UpdateEnrolmentInput };
export type { AuditAction } from '@contract/audit';
export type { UpdateClientInput } from '@contract/clients';
export type Client = ClientRecord;
export type ConsentHow = ConsentMethod;
/** The fields of a record kaimahi fill in. */
export type ClientFields = Omit<ClientRecord, '_id' | 'version' | 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy' | 'createdByName' | 'updatedByName'>;
export type StaffEnrolment = EnrolmentListItem;
/** What a status change needs of an enrolment: the inbox's and the client page's both have it. */
export type EnrolmentRef = { _id: string; version: number; status: EnrolmentStatus };
export type Conflict = FieldConflict;
export type ConflictBody = EditConflictBody<ClientRecord>;
/** The query as the app sends it (page and size optional: the server defaults them). */
export type ClientListQuery = Partial<ListClientsQuery>;
export type EnrolmentListQuery = Partial<ListEnrolmentsQuery>;
