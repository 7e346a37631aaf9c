import crypto from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { clientFields, type ClientField, type DuplicateCandidate } from '../../../contract/clients';
import { movedKinds, type DuplicatePair, type MergeInput, type MergeRecord, type MovedKind, type NotSameInput } from '../../../contract/duplicates';
import { Client } from '../../db/models/client';
import { ClientMerge } from '../../db/models/client-merge';
import { User } from '../../db/models/user';
import { sequelize } from '../../db/sequelize';
import { recordAudit, recordBulkRead, type Actor } from '../../lib/audit';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors';
import { recordFieldChanges } from '../../lib/field-history';
import { presentClient } from '../../lib/present-client';

/** At most this many pairs are listed at once: a manager works down the list, and merged or dismissed pairs leave it. */
const pairsMax = 200;

/** The columns behind each field a merge chooses (consent is three). */
function columnsOfField(field: ClientField): (keyof Client)[] {
  return field === 'consent' ? ['consentStatementVersion', 'consentAt', 'consentHow'] : [field];
}

/** Where each kind of record names its client: [kind, table, column]. */
const movedColumns: [MovedKind, string, string][] = [
  ['notes', 'case_notes', 'clientId'],
  ['contacts', 'contacts', 'clientId'],
  ['goals', 'goals', 'clientId'],
  ['tasks', 'tasks', 'clientId'],
  ['enrolments', 'enrolments', 'clientId'],
  ['memberships', 'whanau_members', 'clientId'],
  ['corrections', 'note_corrections', 'clientId'],
  ['leads', 'whanau', 'leadClientId'],
];

/** A live client: not merged away, not erased. */
const liveSql = (alias: string) => `${alias}."mergedInto" IS NULL AND ${alias}."erasedAt" IS NULL`;

/**
 * `GET /api/duplicates`: likely pairs among live clients, by the same keys as a new record's
 * duplicate check (`findDuplicatesOf`: same date of birth and the same folded given or family
 * name, the same phone, the same email), without pairs marked not the same. One equality join
 * per reason, so each walks an index.
 */
export async function listDuplicatePairs(actor: Actor): Promise<DuplicatePair[]> {
  const join = (on: string) =>
    `SELECT a.id AS "aId", b.id AS "bId" FROM clients a JOIN clients b ON ${on} AND a.id < b.id WHERE ${liveSql('a')} AND ${liveSql('b')}`;
  const pairs = await sequelize.query<{ aId: string; bId: string }>(
    `SELECT DISTINCT p."aId", p."bId" FROM (
       ${join('a."dateOfBirth" = b."dateOfBirth" AND a."givenKey" = b."givenKey"')}
       UNION ${join('a."dateOfBirth" = b."dateOfBirth" AND a."familyKey" = b."familyKey"')}
       UNION ${join('a."phoneKey" = b."phoneKey"')}
       UNION ${join('a."emailKey" = b."emailKey"')}
     ) p
     WHERE NOT EXISTS (SELECT 1 FROM not_duplicates n WHERE n."aId" = p."aId" AND n."bId" = p."bId")
     ORDER BY p."aId", p."bId" LIMIT :limit`,
    { type: QueryTypes.SELECT, replacements: { limit: pairsMax } },
  );
  const ids = [...new Set(pairs.flatMap((pair) => [pair.aId, pair.bId]))];
  const clients = ids.length ? await Client.findAll({ where: { id: ids } }) : [];
  const byId = new Map(clients.map((client) => [client.id, client]));
  const names = await staffNames(clients.flatMap((client) => [client.createdBy, client.updatedBy]));
  await recordBulkRead(actor, 'list', 'clients', { duplicates: 'pairs', count: pairs.length });
  return pairs.flatMap(({ aId, bId }) => {
    const a = byId.get(aId);
    const b = byId.get(bId);
    return a && b ? [{ a: presentClient(a, names), b: presentClient(b, names), reasons: reasonsOf(a, b) }] : [];
  });
}

/** Why two records may be the same person (as `findDuplicatesOf` says it). */
function reasonsOf(a: Client, b: Client): DuplicateCandidate['reasons'] {
  const reasons: DuplicateCandidate['reasons'] = [];
  if (a.dateOfBirth && a.dateOfBirth === b.dateOfBirth && (a.givenKey === b.givenKey || a.familyKey === b.familyKey)) reasons.push('dateOfBirthAndName');
  if (a.phoneKey && a.phoneKey === b.phoneKey) reasons.push('phone');
  if (a.emailKey && a.emailKey === b.emailKey) reasons.push('email');
  return reasons;
}

async function staffNames(ids: (string | null)[], transaction?: Transaction): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const users = await User.findAll({ where: { id: wanted }, attributes: ['id', 'name'], transaction });
  return new Map(users.map((user) => [user.id, user.name]));
}

/** A live client by id for a merge, locked, or 404; `param` names it in the error. */
async function findLiveClient(id: string, transaction: Transaction, param: string): Promise<Client> {
  const client = await Client.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
  if (!client) throw new ApiError(404, [{ msg: 'Client not found', param }]);
  if (client.mergedInto) throw conflict('This record was already merged into another', param);
  if (client.erasedAt) throw conflict('This record was erased', param);
  return client;
}

/** `POST /api/duplicates/not-same`: the pair stops showing in the list. */
export function markNotSame(actor: Actor, input: NotSameInput): Promise<{ a: string; b: string }> {
  const [aId, bId] = [input.a, input.b].sort() as [string, string];
  return sequelize.transaction(async (transaction) => {
    await findLiveClient(aId, transaction, aId === input.a ? 'a' : 'b');
    await findLiveClient(bId, transaction, bId === input.b ? 'b' : 'a');
    const seen = await sequelize.query('SELECT 1 FROM not_duplicates WHERE "aId" = :aId AND "bId" = :bId', {
      type: QueryTypes.SELECT,
      replacements: { aId, bId },
      transaction,
    });
    if (seen.length === 0) {
      await sequelize.query('INSERT INTO not_duplicates ("aId", "bId", "actorId", "createdAt") VALUES (:aId, :bId, :actorId, :at)', {
        replacements: { aId, bId, actorId: actor.id, at: new Date() },
        transaction,
      });
      for (const [clientId, otherId] of [
        [aId, bId],
        [bId, aId],
      ] as const) {
        await recordAudit(actor, { action: 'update', entity: 'client', entityId: clientId, clientId, details: { notSameAs: otherId } }, transaction);
      }
    }
    return { a: aId, b: bId };
  });
}

type Before = { kept: Record<string, unknown>; other: Record<string, unknown> };

/** Every editable column and the record's bookkeeping, as undo puts it back. */
function snapshot(client: Client): Record<string, unknown> {
  const columns = [...clientFields.flatMap(columnsOfField), 'version', 'fieldVersions', 'archivedAt', 'mergedInto', 'updatedBy'] as (keyof Client)[];
  return Object.fromEntries(columns.map((column) => [column, client.get(column)]));
}

/**
 * `POST /api/clients/{keptId}/merge`: the kept record takes the chosen values; every note,
 * contact, goal, follow-up, enrolment, correction and whānau membership of the other moves to it
 * (a membership of a whānau the kept record is already in is closed, not doubled); the other
 * becomes an archived tombstone `mergedInto` the kept one. Both trails stay under their own ids.
 */
export function mergeClients(actor: Actor, keptId: string, input: MergeInput): Promise<MergeRecord> {
  if (keptId === input.otherId) throw badRequest('A record cannot be merged into itself', 'otherId');
  return sequelize.transaction(async (transaction) => {
    const kept = await findLiveClient(keptId, transaction, 'keptId');
    const other = await findLiveClient(input.otherId, transaction, 'otherId');
    const stale = [
      ...(kept.version === input.baseVersions.kept
        ? []
        : [{ msg: 'The kept record changed since you compared them', param: 'baseVersions.kept', code: 'edit_conflict' as const }]),
      ...(other.version === input.baseVersions.other
        ? []
        : [{ msg: 'The other record changed since you compared them', param: 'baseVersions.other', code: 'edit_conflict' as const }]),
    ];
    if (stale.length) throw new ApiError(409, stale);
    const before: Before = { kept: snapshot(kept), other: snapshot(other) };

    const moved = await moveRecords(other.id, kept.id, transaction);

    const taken = clientFields.filter((field) => input.choices[field] === 'other');
    const changes = taken.flatMap((field) => columnsOfField(field).map((column) => ({ field: column, from: kept.get(column), to: other.get(column) })));
    const changed = changes.filter((change) => String(change.from) !== String(change.to));
    const keptVersion = kept.version + 1;
    const fieldVersions = { ...kept.fieldVersions };
    for (const field of taken)
      if (columnsOfField(field).some((column) => changed.some((change) => change.field === column))) fieldVersions[field] = keptVersion;
    // The taken values go in the update itself: `update` saves only the fields it is given.
    const takenValues = Object.fromEntries(changed.map((change) => [change.field, change.to])) as Partial<Client>;
    await kept.update({ ...takenValues, version: keptVersion, fieldVersions, updatedBy: actor.id }, { transaction });
    await recordFieldChanges(actor, { entity: 'client', entityId: kept.id, clientId: kept.id }, changed, transaction);
    const otherVersion = other.version + 1;
    await other.update({ mergedInto: kept.id, archivedAt: other.archivedAt ?? new Date(), version: otherVersion, updatedBy: actor.id }, { transaction });

    const merge = await ClientMerge.create(
      { id: crypto.randomUUID(), keptId: kept.id, otherId: other.id, actorId: actor.id, moved, before, keptVersion, otherVersion, createdAt: new Date() },
      { transaction },
    );
    const details = { mergeId: merge.id, keptId: kept.id, otherId: other.id };
    await recordAudit(
      actor,
      { action: 'merge', entity: 'client', entityId: kept.id, clientId: kept.id, fields: changed.map((change) => change.field), details },
      transaction,
    );
    await recordAudit(actor, { action: 'merge', entity: 'client', entityId: other.id, clientId: other.id, details }, transaction);
    return presentMerge(merge, kept, transaction);
  });
}

/** Points the other's records at the kept one; a membership doubling one of the kept record's is closed instead. */
async function moveRecords(fromId: string, toId: string, transaction: Transaction): Promise<Record<string, string[]>> {
  const moved: Record<string, string[]> = {};
  const doubled = await sequelize.query<{ id: string }>(
    `SELECT m.id FROM whanau_members m WHERE m."clientId" = :fromId AND m."unlinkedAt" IS NULL
       AND EXISTS (SELECT 1 FROM whanau_members k WHERE k."clientId" = :toId AND k."whanauId" = m."whanauId" AND k."unlinkedAt" IS NULL)`,
    { type: QueryTypes.SELECT, replacements: { fromId, toId }, transaction },
  );
  moved.closedMemberships = doubled.map((row) => row.id);
  if (moved.closedMemberships.length) {
    await sequelize.query('UPDATE whanau_members SET "unlinkedAt" = :at WHERE id IN (:ids)', {
      replacements: { at: new Date(), ids: moved.closedMemberships },
      transaction,
    });
  }
  for (const [kind, table, column] of movedColumns) {
    const rows = await sequelize.query<{ id: string }>(`SELECT id FROM ${table} WHERE "${column}" = :fromId`, {
      type: QueryTypes.SELECT,
      replacements: { fromId },
      transaction,
    });
    moved[kind] = rows.map((row) => row.id);
    if (rows.length)
      await sequelize.query(`UPDATE ${table} SET "${column}" = :toId WHERE "${column}" = :fromId`, { replacements: { fromId, toId }, transaction });
  }
  return moved;
}

async function presentMerge(merge: ClientMerge, kept: Client, transaction?: Transaction): Promise<MergeRecord> {
  const names = await staffNames([kept.createdBy, kept.updatedBy], transaction);
  const counts = Object.fromEntries(movedKinds.map((kind) => [kind, merge.moved[kind]?.length ?? 0])) as Record<MovedKind, number>;
  return {
    _id: merge.id,
    keptId: merge.keptId,
    otherId: merge.otherId,
    at: merge.createdAt.toISOString(),
    actorId: merge.actorId,
    moved: counts,
    undoneAt: merge.undoneAt?.toISOString() ?? null,
    kept: presentClient(kept, names),
  };
}

/**
 * `POST /api/merges/{id}/undo`: while neither record has changed since the merge, the moved
 * records go back, the closed memberships open again, and both records are as they were (each a
 * version further on, so devices take them again).
 */
export function undoMerge(actor: Actor, mergeId: string): Promise<MergeRecord> {
  return sequelize.transaction(async (transaction) => {
    const merge = await ClientMerge.findByPk(mergeId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!merge) throw notFound('Merge not found');
    if (merge.undoneAt) throw conflict('This merge was already undone');
    const kept = await Client.findByPk(merge.keptId, { transaction, lock: transaction.LOCK.UPDATE });
    const other = await Client.findByPk(merge.otherId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!kept || !other) throw notFound('Client not found');
    if (kept.version !== merge.keptVersion || other.version !== merge.otherVersion || other.mergedInto !== kept.id) {
      throw conflict('One of the records changed since the merge, so it can no longer be undone');
    }
    for (const [kind, table, column] of movedColumns) {
      const ids = merge.moved[kind] ?? [];
      if (ids.length)
        await sequelize.query(`UPDATE ${table} SET "${column}" = :otherId WHERE id IN (:ids)`, { replacements: { otherId: other.id, ids }, transaction });
    }
    const closed = merge.moved.closedMemberships ?? [];
    if (closed.length)
      await sequelize.query('UPDATE whanau_members SET "unlinkedAt" = NULL WHERE id IN (:ids)', { replacements: { ids: closed }, transaction });
    for (const [client, was, version] of [
      [kept, merge.before.kept, merge.keptVersion + 1],
      [other, merge.before.other, merge.otherVersion + 1],
    ] as const) {
      const { version: wasVersion, ...fields } = was;
      void wasVersion;
      const fieldVersions = { ...(fields.fieldVersions as Record<string, number>) };
      // Fields the merge changed changed again now: a device holding them takes them.
      for (const field of clientFields) if (client.fieldVersions[field] !== fieldVersions[field]) fieldVersions[field] = version;
      await client.update({ ...(fields as Partial<Client>), fieldVersions, version, updatedBy: actor.id }, { transaction });
    }
    await merge.update({ undoneAt: new Date() }, { transaction });
    const details = { mergeId: merge.id, keptId: kept.id, otherId: other.id };
    await recordAudit(actor, { action: 'merge.undo', entity: 'client', entityId: kept.id, clientId: kept.id, details }, transaction);
    await recordAudit(actor, { action: 'merge.undo', entity: 'client', entityId: other.id, clientId: other.id, details }, transaction);
    return presentMerge(merge, kept, transaction);
  });
}
