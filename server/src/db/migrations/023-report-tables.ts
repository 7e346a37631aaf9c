import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Two tables a report reads instead of the contacts' JSON and every output row (issue 23,
 * decision 104). The database keeps both with triggers (SQLite and PostgreSQL), so no write path
 * of the case work changes and none can forget them:
 *
 * - `contact_attendees`: one row per person per contact (its client, and each member of
 *   `presentClientIds`) with the contact's service and New Zealand day. "People served" is a
 *   range of one index. Written when a contact is inserted, rewritten if its people, service or
 *   day change, deleted with it (foreign key). An erasure keeps them, as it keeps the contact's
 *   `clientId` and `presentClientIds`: the id is a tombstone's, and counts stay (decision 089).
 * - `contact_output_days`: per service, New Zealand day and output kind, the contacts it was
 *   delivered at and the quantity and dollar value summed. A contact has one service and one day,
 *   so contacts per output over a period are the sum of the days': a quarter's outputs are at
 *   most 92 rows per service and kind, whatever the number of outputs. Added to when an output
 *   is inserted, taken from when one is deleted (with its contact); outputs are never changed
 *   in place, and the database refuses it rather than let the sums drift.
 *
 * Also drops indexes the report no longer reads: 016's `contacts (serviceKey, on)`, a prefix of
 * 022's `contacts_report`, and 022's `contact_outputs_report` (016's `(serviceKey, on, kind)`
 * stays for reads of a period's output rows).
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';

  await qi.createTable('contact_attendees', {
    contactId: { type: DataTypes.UUID, primaryKey: true, references: { model: 'contacts', key: 'id' }, onDelete: 'CASCADE' },
    clientId: { type: DataTypes.UUID, primaryKey: true },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    on: { type: DataTypes.DATEONLY, allowNull: false },
  });
  // People served in a period: the distinct clientIds of a range of this index, read from the index alone.
  await qi.addIndex('contact_attendees', ['serviceKey', 'on', 'clientId'], { name: 'contact_attendees_report' });
  await qi.sequelize.query(`INSERT INTO contact_attendees ("contactId", "clientId", "serviceKey", "on")
    SELECT id, "clientId", "serviceKey", "on" FROM contacts WHERE "clientId" IS NOT NULL
    UNION SELECT c.id, ${postgres ? 'p.id::uuid' : 'p.value'}, c."serviceKey", c."on"
    FROM contacts c ${postgres ? `CROSS JOIN LATERAL json_array_elements_text(c."presentClientIds") AS p(id)` : `, json_each(c."presentClientIds") p`}`);
  await attendeeTriggers(qi);

  await qi.createTable('contact_output_days', {
    serviceKey: { type: DataTypes.STRING(64), primaryKey: true },
    on: { type: DataTypes.DATEONLY, primaryKey: true },
    kind: { type: DataTypes.STRING(64), primaryKey: true },
    contacts: { type: DataTypes.INTEGER, allowNull: false },
    quantity: { type: DataTypes.DOUBLE, allowNull: false },
    value: { type: DataTypes.DOUBLE, allowNull: false },
  });
  await qi.sequelize.query(`INSERT INTO contact_output_days ("serviceKey", "on", kind, contacts, quantity, value)
    SELECT "serviceKey", "on", kind, COUNT(DISTINCT "contactId"), SUM(quantity), COALESCE(SUM(value), 0) FROM contact_outputs GROUP BY "serviceKey", "on", kind`);
  await outputDayTriggers(qi);

  await qi.removeIndex('contacts', ['serviceKey', 'on']);
  await qi.removeIndex('contact_outputs', 'contact_outputs_report');
}

/** A contact's rows: its client and each member present, once each (the client may be named in both). */
async function attendeeTriggers(qi: QueryInterface): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') {
    await qi.sequelize.query(`CREATE FUNCTION contact_attendees_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN DELETE FROM contact_attendees WHERE "contactId" = OLD.id; END IF;
        INSERT INTO contact_attendees ("contactId", "clientId", "serviceKey", "on")
          SELECT NEW.id, NEW."clientId", NEW."serviceKey", NEW."on" WHERE NEW."clientId" IS NOT NULL
          UNION SELECT NEW.id, p.id::uuid, NEW."serviceKey", NEW."on" FROM json_array_elements_text(NEW."presentClientIds") AS p(id);
        RETURN NULL;
      END $$`);
    await qi.sequelize.query(`CREATE TRIGGER contact_attendees_write AFTER INSERT OR UPDATE OF "clientId", "presentClientIds", "serviceKey", "on" ON contacts
      FOR EACH ROW EXECUTE FUNCTION contact_attendees_write()`);
    return;
  }
  const insert = `INSERT INTO contact_attendees ("contactId", "clientId", "serviceKey", "on")
      SELECT NEW.id, NEW."clientId", NEW."serviceKey", NEW."on" WHERE NEW."clientId" IS NOT NULL
      UNION SELECT NEW.id, p.value, NEW."serviceKey", NEW."on" FROM json_each(NEW."presentClientIds") p;`;
  await qi.sequelize.query(`CREATE TRIGGER contact_attendees_insert AFTER INSERT ON contacts FOR EACH ROW BEGIN ${insert} END`);
  await qi.sequelize.query(`CREATE TRIGGER contact_attendees_update AFTER UPDATE OF "clientId", "presentClientIds", "serviceKey", "on" ON contacts FOR EACH ROW
    BEGIN DELETE FROM contact_attendees WHERE "contactId" = OLD.id; ${insert} END`);
}

/**
 * An output adds its quantity and value to its day, and one contact when it is the first of its
 * kind at its contact; a deleted one takes them away (the contact when it was the last of its
 * kind there), and a day with no contacts left goes. SQLite runs row triggers as each row is
 * written; PostgreSQL's BEFORE row triggers see the rows of the same statement written before
 * them, so a contact with two outputs of a kind counts once either way.
 */
async function outputDayTriggers(qi: QueryInterface): Promise<void> {
  const day = (row: 'NEW' | 'OLD') => `"serviceKey" = ${row}."serviceKey" AND "on" = ${row}."on" AND kind = ${row}.kind`;
  const upsert = (first: string) => `INSERT INTO contact_output_days ("serviceKey", "on", kind, contacts, quantity, value)
      VALUES (NEW."serviceKey", NEW."on", NEW.kind, ${first}, NEW.quantity, COALESCE(NEW.value, 0))
      ON CONFLICT ("serviceKey", "on", kind) DO UPDATE SET contacts = contact_output_days.contacts + excluded.contacts,
        quantity = contact_output_days.quantity + excluded.quantity, value = contact_output_days.value + excluded.value;`;
  const subtract = (last: string) => `UPDATE contact_output_days SET contacts = contacts - ${last}, quantity = quantity - OLD.quantity,
      value = value - COALESCE(OLD.value, 0) WHERE ${day('OLD')};
    DELETE FROM contact_output_days WHERE ${day('OLD')} AND contacts = 0;`;
  const unchanged = 'Contact outputs are never changed in place';
  if (qi.sequelize.getDialect() === 'postgres') {
    const others = (row: 'NEW' | 'OLD') =>
      `EXISTS (SELECT 1 FROM contact_outputs WHERE "contactId" = ${row}."contactId" AND kind = ${row}.kind AND id <> ${row}.id)`;
    await qi.sequelize.query(`CREATE FUNCTION contact_output_days_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${upsert(`CASE WHEN ${others('NEW')} THEN 0 ELSE 1 END`)}
          RETURN NEW;
        ELSIF TG_OP = 'DELETE' THEN
          ${subtract(`CASE WHEN ${others('OLD')} THEN 0 ELSE 1 END`)}
          RETURN OLD;
        END IF;
        RAISE EXCEPTION '${unchanged}';
      END $$`);
    await qi.sequelize.query(`CREATE TRIGGER contact_output_days_write BEFORE INSERT OR DELETE
      OR UPDATE OF "contactId", "serviceKey", "on", kind, quantity, value ON contact_outputs FOR EACH ROW EXECUTE FUNCTION contact_output_days_write()`);
    return;
  }
  // SQLite: AFTER triggers, each seeing the rows written before it and its own.
  const others = (row: 'NEW' | 'OLD') =>
    `EXISTS (SELECT 1 FROM contact_outputs WHERE "contactId" = ${row}."contactId" AND kind = ${row}.kind AND id <> ${row}.id)`;
  await qi.sequelize.query(`CREATE TRIGGER contact_output_days_insert AFTER INSERT ON contact_outputs FOR EACH ROW
    BEGIN ${upsert(`NOT ${others('NEW')}`)} END`);
  await qi.sequelize.query(`CREATE TRIGGER contact_output_days_delete AFTER DELETE ON contact_outputs FOR EACH ROW
    BEGIN ${subtract(`NOT ${others('OLD')}`)} END`);
  await qi.sequelize.query(`CREATE TRIGGER contact_output_days_update BEFORE UPDATE OF "contactId", "serviceKey", "on", kind, quantity, value ON contact_outputs
    FOR EACH ROW BEGIN SELECT RAISE(ABORT, '${unchanged}'); END`);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addIndex('contact_outputs', ['serviceKey', 'on', 'kind', 'quantity', 'value', 'contactId'], { name: 'contact_outputs_report' });
  await qi.addIndex('contacts', ['serviceKey', 'on']);
  if (qi.sequelize.getDialect() === 'postgres') {
    await qi.sequelize.query('DROP TRIGGER contact_output_days_write ON contact_outputs');
    await qi.sequelize.query('DROP FUNCTION contact_output_days_write()');
    await qi.sequelize.query('DROP TRIGGER contact_attendees_write ON contacts');
    await qi.sequelize.query('DROP FUNCTION contact_attendees_write()');
  } else {
    for (const name of [
      'contact_output_days_insert',
      'contact_output_days_delete',
      'contact_output_days_update',
      'contact_attendees_insert',
      'contact_attendees_update',
    ])
      await qi.sequelize.query(`DROP TRIGGER ${name}`);
  }
  await qi.dropTable('contact_output_days');
  await qi.dropTable('contact_attendees');
}
