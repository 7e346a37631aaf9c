import type { Page } from '@contract/common';
import type { EnrolmentListItem, EnrolmentStatus } from '@contract/enrolments';

/*
 * PROVISIONAL: the shapes of DESIGN §4b until `server/contract/clients.ts`, `audit.ts` and
 * `dashboard.ts` land on the `clients` branch; then this file re-exports from `@contract/...`.
 */
export type ConsentHow = 'online' | 'in person' | 'phone';
export type Consent = { statementVersion: string; at: string; how: ConsentHow };

export type ClientFields = {
  givenName: string;
  familyName: string;
  preferredName: string | null;
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  suburb: string | null;
  iwi: string | null;
  hapu: string | null;
  household: number | null;
  notes: string | null;
  consent: Consent | null;
};
export type Client = ClientFields & { _id: string; version: number; createdAt: string; updatedAt: string; updatedBy: string | null };
export type CaseNote = { _id: string; text: string; authorId: string; authorName: string; createdAt: string };
export type StaffEnrolment = EnrolmentListItem & { clientId: string | null; version: number };
export type ClientDetail = Client & { enrolments: StaffEnrolment[]; notes: CaseNote[] };
export type ClientChanges = Partial<ClientFields>;
export type CreateClientInput = { _id: string } & Partial<ClientFields> & Pick<ClientFields, 'givenName' | 'familyName'>;
export type UpdateClientInput = { _id: string; baseVersion: number; changes: ClientChanges };
export type UpdateEnrolmentInput = { _id: string; baseVersion: number; changes: { status?: EnrolmentStatus; clientId?: string } };
export type Conflict = { field: string; mine: unknown; theirs: unknown };
export type ConflictBody = { errors: { msg: string }[]; conflicts: Conflict[]; record: ClientDetail };
export type AuditAction = 'view' | 'create' | 'update' | 'note' | 'link' | 'status' | 'export' | 'user.create' | 'user.update' | 'user.deactivate' | 'login.failed';
export type AuditEvent = { _id: string; at: string; actorId: string | null; actorName: string | null; action: AuditAction; entity: string; entityId: string; fields?: string[] | null };
export type ClientListQuery = { q?: string; service?: string; status?: EnrolmentStatus; page?: number; pageSize?: number };
export type EnrolmentListQuery = { q?: string; service?: string; status?: EnrolmentStatus; page?: number; pageSize?: number };
export type { Page };
