import type { ClientRecord } from '../../contract/clients';
import type { Client } from '../db/models/client';
import type { StaffNames } from './case-work';

/**
 * A client record as the API shows it; never the derived search columns. A field never given is
 * null, the same in the answer to a create (where the new row has no value for it) as on a read.
 */
export function presentClient(client: Client, names: StaffNames): ClientRecord {
  return {
    _id: client.id,
    givenName: client.givenName,
    familyName: client.familyName,
    preferredName: client.preferredName ?? null,
    dateOfBirth: client.dateOfBirth ?? null,
    phone: client.phone ?? null,
    email: client.email ?? null,
    address: client.address ?? null,
    suburb: client.suburb ?? null,
    iwi: client.iwi ?? null,
    hapu: client.hapu ?? null,
    household: client.household ?? null,
    notes: client.notes ?? null,
    consent:
      client.consentStatementVersion && client.consentAt && client.consentHow
        ? { statementVersion: client.consentStatementVersion, at: client.consentAt.toISOString(), how: client.consentHow }
        : null,
    version: client.version,
    createdAt: client.createdAt.toISOString(),
    writtenAt: (client.writtenAt ?? client.createdAt).toISOString(),
    createdBy: client.createdBy ?? null,
    updatedAt: client.updatedAt.toISOString(),
    updatedBy: client.updatedBy ?? null,
    createdByName: client.createdBy ? (names.get(client.createdBy) ?? null) : null,
    updatedByName: client.updatedBy ? (names.get(client.updatedBy) ?? null) : null,
    ...(client.mergedInto ? { mergedInto: client.mergedInto } : {}),
  };
}
