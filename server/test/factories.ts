import crypto from 'node:crypto';
import type { InferCreationAttributes } from 'sequelize';
import { collectionStatement } from '../contract/enrolments';
import { CaseNote } from '../src/db/models/case-note';
import { Client } from '../src/db/models/client';
import { Enrolment } from '../src/db/models/enrolment';
import { Contact, Goal, Task, Whanau } from '../src/db/models/whanau';

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

/** A whānau with no lead and no notes, made by nobody unless told. */
export function buildWhanau(overrides: Partial<InferCreationAttributes<Whanau>> = {}): Promise<Whanau> {
  return Whanau.create({ id: crypto.randomUUID(), name: 'Te Whānau o Hine', leadClientId: null, notes: null, createdBy: null, updatedBy: null, ...overrides });
}

/** A whānau's goal (not started, no date, under `buildEnrolment`'s default service unless told). */
export function buildGoal(overrides: Partial<InferCreationAttributes<Goal>> & { whanauId: string; createdBy: string }): Promise<Goal> {
  return Goal.create({
    id: crypto.randomUUID(),
    clientId: null,
    area: 'wellbeing',
    text: 'A goal',
    status: 'not started',
    targetDate: null,
    serviceKey: 'whanau_ora_support',
    ...overrides,
  });
}

/** A follow-up (a task) for its kaimahi, about nothing in particular unless told, due on `dueOn` and not done. */
export function buildFollowUp(overrides: Partial<InferCreationAttributes<Task>> & { assignedTo: string; dueOn: string }): Promise<Task> {
  return Task.create({
    id: crypto.randomUUID(),
    whanauId: null,
    clientId: null,
    goalId: null,
    text: 'Ring back',
    doneAt: null,
    createdBy: overrides.assignedTo,
    ...overrides,
  });
}

/** A contact recorded by its author (an hour's home visit on `on`, under `buildEnrolment`'s default service unless told). */
export function buildContact(overrides: Partial<InferCreationAttributes<Contact>> & { authorId: string; on: string }): Promise<Contact> {
  return Contact.create({
    id: crypto.randomUUID(),
    clientId: null,
    whanauId: null,
    kind: 'home visit',
    minutes: 60,
    serviceKey: 'whanau_ora_support',
    presentClientIds: [],
    goalIds: [],
    summary: 'A visit',
    ...overrides,
  });
}
