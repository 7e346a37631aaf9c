import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Reports and impact figures (issue 23, DESIGN §4d):
 * - `service_outputs`: what each service delivers, as a manager defines it (a contact output's
 *   `kind` is one of these ids);
 * - `impact_counters`: per home counter, the output and date from which the recorded total is
 *   added to the trust's base figure (no row: the base alone);
 * - `goals.achievedAt`: when a goal last became achieved. Issue 20's goals keep only their
 *   status; the database sets this column itself (a trigger, from the row's own `updatedAt`
 *   or `createdAt`), so no write path of the case work can forget it (decision 100);
 * - indexes that answer a report from the index alone (decision 100).
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('service_outputs', {
    id: { type: DataTypes.UUID, primaryKey: true },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    name: { type: DataTypes.STRING(100), allowNull: false },
    nameMi: { type: DataTypes.STRING(100), allowNull: false },
    unit: { type: DataTypes.STRING(32), allowNull: true },
    hasValue: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    retiredAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('service_outputs', ['serviceKey', 'position']);

  await qi.createTable('impact_counters', {
    key: { type: DataTypes.STRING(64), primaryKey: true },
    outputId: { type: DataTypes.UUID, allowNull: true, references: { model: 'service_outputs', key: 'id' } },
    measure: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'quantity' },
    since: { type: DataTypes.DATEONLY, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });

  await qi.addColumn('goals', 'achievedAt', { type: DataTypes.DATE, allowNull: true });
  await qi.sequelize.query(`UPDATE goals SET "achievedAt" = "updatedAt" WHERE status = 'achieved'`);
  await achievedAtTriggers(qi);

  // A quarter's report: each query is a range of one of these, read without the table's rows.
  await qi.addIndex('contacts', ['serviceKey', 'on', 'kind', 'minutes', 'whanauId', 'clientId'], { name: 'contacts_report' });
  await qi.addIndex('contact_outputs', ['serviceKey', 'on', 'kind', 'quantity', 'value', 'contactId'], { name: 'contact_outputs_report' });
  // A counter: one output's rows since a date.
  await qi.addIndex('contact_outputs', ['kind', 'on', 'quantity', 'value'], { name: 'contact_outputs_counter' });
  await qi.addIndex('goals', ['serviceKey', 'createdAt', 'area'], { name: 'goals_set_report' });
  await qi.addIndex('goals', ['serviceKey', 'achievedAt', 'area'], { name: 'goals_achieved_report' });
  // The (serviceKey, createdAt) index of 016 is a prefix of goals_set_report.
  await qi.removeIndex('goals', ['serviceKey', 'createdAt']);
}

/** `achievedAt` follows `status`: set when it becomes achieved, cleared when it leaves it. */
async function achievedAtTriggers(qi: QueryInterface): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') {
    await qi.sequelize.query(`CREATE FUNCTION goals_achieved_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status <> 'achieved' THEN NEW."achievedAt" := NULL;
        ELSIF TG_OP = 'INSERT' THEN NEW."achievedAt" := COALESCE(NEW."achievedAt", NEW."createdAt");
        ELSIF OLD.status IS DISTINCT FROM 'achieved' THEN NEW."achievedAt" := NEW."updatedAt";
        END IF;
        RETURN NEW;
      END $$`);
    await qi.sequelize.query('CREATE TRIGGER goals_achieved_at BEFORE INSERT OR UPDATE ON goals FOR EACH ROW EXECUTE FUNCTION goals_achieved_at()');
    return;
  }
  await qi.sequelize.query(`CREATE TRIGGER goals_achieved_at_insert AFTER INSERT ON goals FOR EACH ROW WHEN NEW.status = 'achieved' AND NEW."achievedAt" IS NULL
    BEGIN UPDATE goals SET "achievedAt" = NEW."createdAt" WHERE id = NEW.id; END`);
  await qi.sequelize.query(`CREATE TRIGGER goals_achieved_at_reached AFTER UPDATE OF status ON goals FOR EACH ROW
    WHEN NEW.status = 'achieved' AND OLD.status <> 'achieved'
    BEGIN UPDATE goals SET "achievedAt" = NEW."updatedAt" WHERE id = NEW.id; END`);
  await qi.sequelize.query(`CREATE TRIGGER goals_achieved_at_left AFTER UPDATE OF status ON goals FOR EACH ROW
    WHEN NEW.status <> 'achieved' AND NEW."achievedAt" IS NOT NULL
    BEGIN UPDATE goals SET "achievedAt" = NULL WHERE id = NEW.id; END`);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addIndex('goals', ['serviceKey', 'createdAt']);
  for (const [table, name] of [
    ['goals', 'goals_achieved_report'],
    ['goals', 'goals_set_report'],
    ['contact_outputs', 'contact_outputs_counter'],
    ['contact_outputs', 'contact_outputs_report'],
    ['contacts', 'contacts_report'],
  ] as const) {
    await qi.removeIndex(table, name);
  }
  if (qi.sequelize.getDialect() === 'postgres') {
    await qi.sequelize.query('DROP TRIGGER goals_achieved_at ON goals');
    await qi.sequelize.query('DROP FUNCTION goals_achieved_at()');
  } else {
    for (const name of ['goals_achieved_at_insert', 'goals_achieved_at_reached', 'goals_achieved_at_left']) await qi.sequelize.query(`DROP TRIGGER ${name}`);
  }
  await qi.removeColumn('goals', 'achievedAt');
  await qi.dropTable('impact_counters');
  await qi.dropTable('service_outputs');
}
