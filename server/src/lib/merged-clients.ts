import type { Transaction } from 'sequelize';
import type { SyncMutation } from '../../contract/sync';
import { Client } from '../db/models/client';
import { ClientMerge } from '../db/models/client-merge';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The live record a client id now stands for: itself, or the record it was merged into (and
 * that one's, if it was merged again). Unknown ids are given back as they are.
 */
export async function keptClientId(id: string, transaction?: Transaction): Promise<string> {
  // Not an id at all: the kind's own schema refuses it, with its message; PostgreSQL would refuse the query.
  if (!uuidPattern.test(id)) return id;
  let current = id;
  for (let hops = 0; hops < 10; hops++) {
    const row = await Client.findByPk(current, { attributes: ['id', 'mergedInto'], transaction });
    if (!row?.mergedInto) return current;
    current = row.mergedInto;
  }
  return current;
}

/** The version of the kept record when `otherId` was merged into it (the base an edit queued against the other starts from). */
export async function keptVersionAtMerge(otherId: string, transaction?: Transaction): Promise<number | undefined> {
  const merge = await ClientMerge.findOne({ where: { otherId, undoneAt: null }, order: [['createdAt', 'DESC']], transaction });
  return merge?.keptVersion;
}

/**
 * A queued write about a client merged away since it was queued lands on the record it was merged
 * into (decision 120): `entityId` of a `client.*` mutation and any `payload.clientId` are
 * followed to the kept record. An edit's base version becomes the kept record's version at the
 * merge, so only fields changed on it since then can clash. Every other mutation passes as it is.
 */
export async function followMergedClients(mutation: SyncMutation, transaction: Transaction): Promise<SyncMutation> {
  let followed = mutation;
  const { clientId } = mutation.payload;
  if (typeof clientId === 'string') {
    const kept = await keptClientId(clientId, transaction);
    if (kept !== clientId) followed = { ...followed, payload: { ...followed.payload, clientId: kept } };
  }
  if (mutation.kind.startsWith('client.') && mutation.kind !== 'client.create') {
    const kept = await keptClientId(mutation.entityId, transaction);
    if (kept !== mutation.entityId) {
      const baseVersion = mutation.baseVersion === undefined ? undefined : await keptVersionAtMerge(mutation.entityId, transaction);
      followed = { ...followed, entityId: kept, ...(baseVersion === undefined ? {} : { baseVersion }) };
    }
  }
  return followed;
}
