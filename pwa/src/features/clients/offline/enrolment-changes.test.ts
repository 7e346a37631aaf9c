import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientCreatePayloadSchema, type ClientDetail, type ClientEnrolment } from '@contract/clients';
import type { EnrolmentListItem } from '@contract/enrolments';
import { setStaffCipher } from '../../../lib/staff-cipher';
import { createCipher, createDataKey } from '../../../lib/vault/vault-crypto';
import { caseloadClient, forgetCaseload, loadCaseload } from './caseload-copy';
import { clientCreateKind, enrolmentUpdateKind, withLandedEnrolment } from './kinds';
import { waitingClientFrom, withWaitingEnrolmentChanges, type StaffItem, type StaffItemStatus } from './staff-items';

/**
 * An enrolment's status changed and a client made from an enrolment, on this device (issue 33):
 * what the screens show while they wait, and what the copy keeps once the server has them.
 */

afterEach(() => {
  forgetCaseload();
  setStaffCipher(null);
});

const enrolment = (extra: Partial<ClientEnrolment> = {}): ClientEnrolment => ({
  _id: crypto.randomUUID(),
  reference: 'WOS-7Q2K',
  serviceKey: 'whanau_ora_support',
  serviceTitle: 'Whānau Ora Support',
  status: 'new',
  source: 'online',
  receivedAt: '2026-11-20T01:00:00.000Z',
  version: 1,
  ...extra,
});

/** An item of the kaimahi's, as the outbox's reader gives it. */
function item(kind: string, entityId: string, status: StaffItemStatus, change: StaffItem['change']): StaffItem {
  return {
    _id: crypto.randomUUID(),
    kind,
    entityId,
    subjectId: entityId,
    state: status === 'synced' ? 'done' : status === 'saved' || status === 'stuck' ? 'pending' : status,
    status,
    label: 'x',
    title: null,
    fields: [],
    payload: null,
    createdAt: 0,
    sentAt: null,
    attempts: 0,
    errors: [],
    change,
    conflict: null,
  };
}

const statusChange = (enrolmentId: string, status: StaffItemStatus, changes: { status?: 'contacted' | 'enrolled' | 'declined'; clientId?: string }) =>
  item('enrolment.update', enrolmentId, status, { kind: 'enrolment.update', changes });

describe('an enrolment with the changes still on their way', () => {
  it('shows the last waiting status and its state; sent, refused and clashing changes are not shown over the server’s', () => {
    const known = { ...enrolment(), clientId: null };
    const other = enrolment();
    const items = [
      statusChange(known._id, 'sending', { status: 'contacted' }),
      statusChange(other._id, 'saved', { status: 'declined' }),
      statusChange(known._id, 'saved', { status: 'enrolled' }),
    ];
    expect(withWaitingEnrolmentChanges(known, items)).toEqual({ enrolment: { ...known, status: 'enrolled' }, waiting: 'saved' });
    expect(withWaitingEnrolmentChanges(known, items.slice(0, 1))).toEqual({ enrolment: { ...known, status: 'contacted' }, waiting: 'sending' });
    for (const done of ['synced', 'rejected', 'conflict'] as const) {
      expect(withWaitingEnrolmentChanges(known, [statusChange(known._id, done, { status: 'declined' })])).toEqual({ enrolment: known, waiting: null });
    }
  });

  it('links it to its client while the link waits, where the enrolment shows its client (the inbox), and only there', () => {
    const clientId = crypto.randomUUID();
    const inInbox = { ...enrolment(), clientId: null };
    const onClientPage = enrolment();
    expect(withWaitingEnrolmentChanges(inInbox, [statusChange(inInbox._id, 'stuck', { clientId })]).enrolment.clientId).toBe(clientId);
    expect(withWaitingEnrolmentChanges(onClientPage, [statusChange(onClientPage._id, 'stuck', { clientId })]).enrolment).toEqual(onClientPage);
  });

  it('finds the client being made from it until the server has it', () => {
    const from = enrolment();
    const clientId = crypto.randomUUID();
    const create = (status: StaffItemStatus, fromEnrolment?: string) =>
      item('client.create', clientId, status, {
        kind: 'client.create',
        fields: ClientCreatePayloadSchema.parse({ givenName: 'Piripi', familyName: 'Mahuika', fromEnrolment }),
      });
    expect(waitingClientFrom(from._id, [create('saved', from._id)])).toEqual({ clientId, status: 'saved' });
    expect(waitingClientFrom(from._id, [create('needs_auth', from._id)])).toEqual({ clientId, status: 'needs_auth' });
    expect(waitingClientFrom(from._id, [create('saved')])).toBeNull();
    expect(waitingClientFrom(from._id, [create('synced', from._id)])).toBeNull();
    expect(waitingClientFrom(from._id, [create('rejected', from._id)])).toBeNull();
  });
});

describe('a landed enrolment in a kept client', () => {
  it('takes the status and version, adds one just linked (newest first), and never puts an older version over a newer one', () => {
    const older = enrolment({ receivedAt: '2026-10-01T00:00:00.000Z' });
    const kept = enrolment({ receivedAt: '2026-11-01T00:00:00.000Z', version: 3, status: 'contacted' });
    const landed = (from: ClientEnrolment, extra: Partial<EnrolmentListItem>): EnrolmentListItem => ({
      ...from,
      givenName: 'Piripi',
      familyName: 'Mahuika',
      dateOfBirth: null,
      phone: null,
      email: null,
      suburb: null,
      iwi: null,
      householdSize: null,
      preferredContact: 'phone',
      message: null,
      consentStatementVersion: '2026-11-01',
      consentedAt: from.receivedAt,
      clientId: 'c',
      ...extra,
    });
    expect(withLandedEnrolment([kept, older], landed(kept, { status: 'enrolled', version: 4 }))).toEqual([{ ...kept, status: 'enrolled', version: 4 }, older]);
    expect(withLandedEnrolment([kept, older], landed(kept, { status: 'new', version: 2 }))).toEqual([kept, older]);
    const linked = enrolment({ receivedAt: '2026-10-15T00:00:00.000Z', version: 2 });
    expect(withLandedEnrolment([kept, older], landed(linked, {}))).toEqual([kept, linked, older]);
  });

  it('lands in the encrypted copy: the client page shows the server’s status, and a client made from an enrolment arrives with it', async () => {
    const { key } = await createDataKey('kia kaha te reo 2026', 1000);
    const cipher = await createCipher(crypto.randomUUID(), key);
    setStaffCipher(cipher);
    await loadCaseload(cipher);
    const theirs = enrolment();
    const clientId = crypto.randomUUID();
    const page: ClientDetail = {
      _id: clientId,
      givenName: 'Piripi',
      familyName: 'Mahuika',
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
      consent: null,
      version: 1,
      createdAt: '2026-11-20T02:00:00.000Z',
      createdBy: null,
      updatedAt: '2026-11-20T02:00:00.000Z',
      updatedBy: null,
      createdByName: null,
      updatedByName: null,
      enrolments: [{ ...theirs, status: 'enrolled', version: 2 }],
      caseNotes: [],
    };
    const landing = { status: 'applied' as const, itemId: clientId, subjectId: undefined, userId: cipher.userId, version: null };
    await clientCreateKind.land?.({ ...landing, kind: 'client.create', entityId: clientId, record: page });
    expect(caseloadClient(clientId)?.enrolments).toEqual([{ ...theirs, status: 'enrolled', version: 2 }]);

    await enrolmentUpdateKind.land?.({
      ...landing,
      kind: 'enrolment.update',
      itemId: crypto.randomUUID(),
      entityId: theirs._id,
      record: { ...theirs, status: 'completed', version: 3, clientId },
    });
    expect(caseloadClient(clientId)?.enrolments).toEqual([{ ...theirs, status: 'completed', version: 3 }]);

    // Another person's result, or one the server refused, leaves the copy as it is.
    await enrolmentUpdateKind.land?.({
      ...landing,
      kind: 'enrolment.update',
      entityId: theirs._id,
      userId: 'someone-else',
      record: { ...theirs, status: 'declined', version: 4, clientId },
    });
    await enrolmentUpdateKind.land?.({
      ...landing,
      status: 'rejected',
      kind: 'enrolment.update',
      entityId: theirs._id,
      record: { ...theirs, status: 'declined', version: 4, clientId },
    });
    expect(caseloadClient(clientId)?.enrolments[0]?.status).toBe('completed');
    // Kept sealed: opened again from IndexedDB, the client page has the new status.
    forgetCaseload();
    await loadCaseload(cipher);
    expect(caseloadClient(clientId)?.enrolments[0]).toMatchObject({ status: 'completed', version: 3 });
  });
});
