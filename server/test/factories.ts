import crypto from 'node:crypto';
import type { InferCreationAttributes } from 'sequelize';
import { collectionStatement } from '../contract/enrolments';
import { CaseNote } from '../src/db/models/case-note';
import { Client } from '../src/db/models/client';
import { Enrolment } from '../src/db/models/enrolment';

/**
 * Test data with sensible defaults, written straight through the models (cf. Outline's
 * `server/test/factories.ts`). Staff accounts: `buildUser` in helpers.ts.
 */

/** A client record; `createdBy` defaults to nobody (so only managers and linked services see it). */
export function buildClient(overrides: Partial<InferCreationAttributes<Client>> = {}): Promise<Client> {
  return Client.create({
    id: crypto.randomUUID(),
    givenName: 'Hine',
    familyName: 'Walker',
    preferredName: null,
    dateOfBirth: null,
    phone: null,
    email: null,
    address: null,
    suburb: null,
    iwi: null,
    hapu: null,
    household: null,
    notes: null,
    consentStatementVersion: null,
    consentAt: null,
    consentHow: null,
    createdBy: null,
    updatedBy: null,
    ...overrides,
  });
}

/** An enrolment as the public form would have sent it (status `new`, source `online`). */
export function buildEnrolment(overrides: Partial<InferCreationAttributes<Enrolment>> = {}): Promise<Enrolment> {
  const receivedAt = overrides.receivedAt ?? new Date();
  return Enrolment.create({
    id: crypto.randomUUID(),
    serviceKey: 'whanau_ora_support',
    givenName: 'Rawiri',
    familyName: 'Tane',
    dateOfBirth: null,
    phone: '03 555 0199',
    email: null,
    suburb: 'Linwood',
    iwi: null,
    householdSize: 2,
    preferredContact: 'phone',
    message: null,
    consentStatementVersion: collectionStatement.version,
    consentedAt: receivedAt,
    receivedAt,
    ...overrides,
  });
}

/** A case note on a client, written under `buildEnrolment`'s default service unless told. */
export function buildNote(overrides: Partial<InferCreationAttributes<CaseNote>> & { clientId: string; authorId: string }): Promise<CaseNote> {
  return CaseNote.create({ id: crypto.randomUUID(), text: 'Called, left a message.', serviceKey: 'whanau_ora_support', ...overrides });
}
