import { QueryTypes, type QueryInterface } from 'sequelize';
import { deriveClientKeysOf, searchTermsOf } from '../models/client';
import { enrolmentSearchText } from '../models/enrolment';
import { nameKeyOf } from '../models/whanau';

/**
 * Issue 32, decision 110. Until now an edit or an erasure by `instance.update` did not write the
 * columns derived from what changed, so an erased person stayed findable by their old name,
 * phone and email, duplicates matched an old number and lists sorted by an old name. The models
 * now write them on every save; this derives every existing row once (clients' keys and search
 * terms, enrolments' search text, whānau name keys), writing only rows that differ, a page at a
 * time.
 *
 * It also lets the audit trail forget what an erased person was searched by: the database still
 * refuses to change or remove an event, except the `details` of a `list` event (the stored
 * search), with every other column as it was. Only an erasure does that (retention.service.ts).
 */
const pageSize = 500;

type ClientRow = { id: string; givenName: string; familyName: string; preferredName: string | null; phone: string | null; email: string | null };
type ClientKeys = { givenKey: string; familyKey: string; sortName: string; phoneKey: string | null; emailKey: string | null };

async function rederiveClients(qi: QueryInterface): Promise<void> {
  for (let after = ''; ;) {
    const rows = await qi.sequelize.query<ClientRow & ClientKeys>(
      `SELECT id, "givenName", "familyName", "preferredName", phone, email, "givenKey", "familyKey", "sortName", "phoneKey", "emailKey"
       FROM clients ${after ? 'WHERE id > :after' : ''} ORDER BY id LIMIT ${pageSize}`,
      { type: QueryTypes.SELECT, replacements: { after } },
    );
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    const terms = await qi.sequelize.query<{ clientId: string; term: string }>('SELECT "clientId", term FROM client_search_terms WHERE "clientId" IN (:ids)', {
      type: QueryTypes.SELECT,
      replacements: { ids: rows.map((row) => row.id) },
    });
    await qi.sequelize.transaction(async (transaction) => {
      for (const row of rows) {
        const keys = deriveClientKeysOf(row);
        if ((Object.keys(keys) as (keyof ClientKeys)[]).some((key) => keys[key] !== row[key])) {
          await qi.sequelize.query(
            'UPDATE clients SET "givenKey" = :givenKey, "familyKey" = :familyKey, "sortName" = :sortName, "phoneKey" = :phoneKey, "emailKey" = :emailKey WHERE id = :id',
            { replacements: { ...keys, id: row.id }, transaction },
          );
        }
        const wanted = searchTermsOf(row).sort();
        const kept = terms
          .filter((term) => term.clientId === row.id)
          .map((term) => term.term)
          .sort();
        if (wanted.join('\n') === kept.join('\n')) continue;
        await qi.sequelize.query('DELETE FROM client_search_terms WHERE "clientId" = :id', { replacements: { id: row.id }, transaction });
        for (const term of wanted) {
          await qi.sequelize.query('INSERT INTO client_search_terms (term, "clientId") VALUES (:term, :id)', {
            replacements: { term, id: row.id },
            transaction,
          });
        }
      }
    });
  }
}

type EnrolmentRow = { id: string; givenName: string; familyName: string; phone: string | null; email: string | null; searchText: string | null };

async function rederiveEnrolments(qi: QueryInterface): Promise<void> {
  for (let after = ''; ;) {
    const rows = await qi.sequelize.query<EnrolmentRow>(
      `SELECT id, "givenName", "familyName", phone, email, "searchText" FROM enrolments ${after ? 'WHERE id > :after' : ''} ORDER BY id LIMIT ${pageSize}`,
      { type: QueryTypes.SELECT, replacements: { after } },
    );
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    const stale = rows.filter((row) => enrolmentSearchText(row) !== row.searchText);
    if (stale.length === 0) continue;
    await qi.sequelize.transaction(async (transaction) => {
      for (const row of stale) {
        await qi.sequelize.query('UPDATE enrolments SET "searchText" = :searchText WHERE id = :id', {
          replacements: { searchText: enrolmentSearchText(row), id: row.id },
          transaction,
        });
      }
    });
  }
}

async function rederiveWhanau(qi: QueryInterface): Promise<void> {
  const rows = await qi.sequelize.query<{ id: string; name: string; nameKey: string }>('SELECT id, name, "nameKey" FROM whanau', { type: QueryTypes.SELECT });
  const stale = rows.filter((row) => nameKeyOf(row.name) !== row.nameKey);
  if (stale.length === 0) return;
  await qi.sequelize.transaction(async (transaction) => {
    for (const row of stale) {
      await qi.sequelize.query('UPDATE whanau SET "nameKey" = :nameKey WHERE id = :id', {
        replacements: { nameKey: nameKeyOf(row.name), id: row.id },
        transaction,
      });
    }
  });
}

/** Columns of an audit event that never change, even when its stored search is forgotten. */
const fixedColumns = ['seq', 'id', 'at', '"actorId"', '"actorName"', 'action', 'entity', '"entityId"', '"clientId"'];

async function auditSearchesForgettable(qi: QueryInterface): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') {
    const same = [
      ...fixedColumns.map((column) => `NEW.${column} IS NOT DISTINCT FROM OLD.${column}`),
      'NEW.fields::text IS NOT DISTINCT FROM OLD.fields::text',
    ];
    await qi.sequelize.query(`CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.action = 'list' AND ${same.join(' AND ')} THEN RETURN NEW; END IF;
        RAISE EXCEPTION 'audit events are append-only';
      END $$`);
    return;
  }
  const same = [...fixedColumns, 'fields'].map((column) => `NEW.${column} IS OLD.${column}`);
  await qi.sequelize.query('DROP TRIGGER audit_events_no_update');
  await qi.sequelize.query(
    `CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events WHEN NOT (OLD.action = 'list' AND ${same.join(' AND ')})
     BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END`,
  );
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await rederiveClients(qi);
  await rederiveEnrolments(qi);
  await rederiveWhanau(qi);
  await auditSearchesForgettable(qi);
}

/** Derived values stay (they are correct either way); the audit trail is append-only again. */
export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') {
    await qi.sequelize.query(`CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit events are append-only'; END $$`);
    return;
  }
  await qi.sequelize.query('DROP TRIGGER audit_events_no_update');
  await qi.sequelize.query(
    `CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END`,
  );
}
