import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';

/**
 * Client records, their search terms, case notes and the audit trail; enrolments gain a version,
 * a per-field version map and a folded search text; staff accounts gain the services they work on.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const text = (length = 200) => ({ type: DataTypes.STRING(length), allowNull: true });
  const timestamps = { createdAt: { type: DataTypes.DATE, allowNull: false }, updatedAt: { type: DataTypes.DATE, allowNull: false } };
  await qi.createTable('clients', {
    id: { type: DataTypes.UUID, primaryKey: true },
    givenName: { type: DataTypes.STRING(200), allowNull: false },
    familyName: { type: DataTypes.STRING(200), allowNull: false },
    preferredName: text(),
    dateOfBirth: { type: DataTypes.DATEONLY, allowNull: true },
    phone: text(40),
    email: text(254),
    address: text(500),
    suburb: text(),
    iwi: text(),
    hapu: text(),
    household: { type: DataTypes.INTEGER, allowNull: true },
    notes: { type: DataTypes.TEXT, allowNull: true },
    consentStatementVersion: text(32),
    consentAt: { type: DataTypes.DATE, allowNull: true },
    consentHow: text(16),
    // Derived by the model on every save (decision 021): folded names for sorting and matching
    // duplicates, digits of the phone, lower-case email.
    sortName: { type: DataTypes.STRING(420), allowNull: false },
    givenKey: { type: DataTypes.STRING(200), allowNull: false },
    familyKey: { type: DataTypes.STRING(200), allowNull: false },
    phoneKey: text(40),
    emailKey: text(254),
    version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    // { field: version at which it last changed } (decision 020).
    fieldVersions: { type: DataTypes.JSON, allowNull: false },
    createdBy: { type: DataTypes.UUID, allowNull: true },
    updatedBy: { type: DataTypes.UUID, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('clients', ['sortName', 'id']);
  await qi.addIndex('clients', ['dateOfBirth']);
  await qi.addIndex('clients', ['phoneKey']);
  await qi.addIndex('clients', ['emailKey']);
  await qi.addIndex('clients', ['createdBy']);

  // One row per folded word of a client's names, email and phone: `?q=` is a range scan of this index.
  await qi.createTable('client_search_terms', {
    term: { type: DataTypes.STRING(254), allowNull: false, primaryKey: true },
    clientId: { type: DataTypes.UUID, allowNull: false, primaryKey: true, references: { model: 'clients', key: 'id' }, onDelete: 'CASCADE' },
  });
  await qi.addIndex('client_search_terms', ['clientId']);
  if (qi.sequelize.getDialect() === 'postgres') {
    // Byte order, so `term >= 'whan' AND term < 'whan\uffff'` is exactly "starts with" whatever the server's locale.
    await qi.sequelize.query('ALTER TABLE client_search_terms ALTER COLUMN term TYPE VARCHAR(254) COLLATE "C"');
  }

  await qi.createTable('case_notes', {
    id: { type: DataTypes.UUID, primaryKey: true },
    clientId: { type: DataTypes.UUID, allowNull: false, references: { model: 'clients', key: 'id' } },
    authorId: { type: DataTypes.UUID, allowNull: false, references: { model: 'users', key: 'id' } },
    text: { type: DataTypes.TEXT, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('case_notes', ['clientId', 'createdAt']);
  await qi.addIndex('case_notes', ['createdAt']);

  await qi.createTable('audit_events', {
    // A sequence gives "newest first" a strict order even within one millisecond.
    seq: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    id: { type: DataTypes.UUID, allowNull: false, unique: true },
    at: { type: DataTypes.DATE, allowNull: false },
    actorId: { type: DataTypes.UUID, allowNull: true },
    actorName: { type: DataTypes.STRING(200), allowNull: false },
    action: { type: DataTypes.STRING(32), allowNull: false },
    entity: { type: DataTypes.STRING(32), allowNull: false },
    entityId: { type: DataTypes.UUID, allowNull: false },
    // The client record the event concerns, so a person's whole trail is one indexed read.
    clientId: { type: DataTypes.UUID, allowNull: true },
    fields: { type: DataTypes.JSON, allowNull: true },
    details: { type: DataTypes.JSON, allowNull: true },
  });
  await qi.addIndex('audit_events', ['clientId', 'seq']);
  await qi.addIndex('audit_events', ['entity', 'entityId', 'seq']);
  await appendOnly(qi);

  await qi.addColumn('enrolments', 'version', { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 });
  await qi.addColumn('enrolments', 'fieldVersions', { type: DataTypes.JSON, allowNull: true });
  await qi.addColumn('enrolments', 'searchText', { type: DataTypes.STRING(1000), allowNull: true });
  await qi.addIndex('enrolments', ['clientId']);
  await qi.addIndex('enrolments', ['serviceKey', 'clientId']);
  await qi.addIndex('enrolments', ['status', 'receivedAt']);
  await qi.addIndex('enrolments', ['serviceKey', 'receivedAt']);
  const rows = await qi.sequelize.query<{ id: string; givenName: string; familyName: string; phone: string | null; email: string | null }>(
    'SELECT id, "givenName", "familyName", phone, email FROM enrolments',
    { type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    await qi.bulkUpdate('enrolments', { searchText: enrolmentSearchText(row) }, { id: row.id });
  }

  await qi.addColumn('users', 'services', { type: DataTypes.JSON, allowNull: false, defaultValue: '[]' });
}

/** The database itself refuses to change or remove an audit event, whatever code runs. */
async function appendOnly(qi: QueryInterface): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') {
    await qi.sequelize.query(`CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit events are append-only'; END $$`);
    await qi.sequelize.query(
      'CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()',
    );
  } else {
    for (const operation of ['UPDATE', 'DELETE']) {
      await qi.sequelize.query(
        `CREATE TRIGGER audit_events_no_${operation.toLowerCase()} BEFORE ${operation} ON audit_events BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END`,
      );
    }
  }
}

/** Kept here rather than imported, so this migration does the same thing whatever the code becomes. */
function enrolmentSearchText(row: { givenName: string; familyName: string; phone: string | null; email: string | null }): string {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return [fold(row.givenName), fold(row.familyName), (row.phone ?? '').replace(/\D/g, ''), (row.email ?? '').toLowerCase()].join(' ');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeColumn('users', 'services');
  for (const column of ['searchText', 'fieldVersions', 'version']) await qi.removeColumn('enrolments', column);
  if (qi.sequelize.getDialect() === 'postgres') await qi.sequelize.query('DROP FUNCTION IF EXISTS audit_events_append_only CASCADE');
  for (const table of ['audit_events', 'case_notes', 'client_search_terms', 'clients']) await qi.dropTable(table);
}
