import { DataTypes, type QueryInterface } from 'sequelize';

/** Enrolments sent by whānau, and the record of applied operations that makes resends safe. */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const optionalText = (length = 200) => ({ type: DataTypes.STRING(length), allowNull: true });
  await qi.createTable('enrolments', {
    id: { type: DataTypes.UUID, primaryKey: true },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    // No foreign key yet: the clients table comes with the clients feature.
    clientId: { type: DataTypes.UUID, allowNull: true },
    givenName: { type: DataTypes.STRING(200), allowNull: false },
    familyName: { type: DataTypes.STRING(200), allowNull: false },
    dateOfBirth: { type: DataTypes.DATEONLY, allowNull: true },
    phone: optionalText(40),
    email: optionalText(254),
    suburb: optionalText(),
    iwi: optionalText(),
    householdSize: { type: DataTypes.INTEGER, allowNull: true },
    preferredContact: { type: DataTypes.STRING(16), allowNull: false },
    message: { type: DataTypes.TEXT, allowNull: true },
    consentStatementVersion: { type: DataTypes.STRING(32), allowNull: false },
    consentedAt: { type: DataTypes.DATE, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'new' },
    source: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'online' },
    receivedAt: { type: DataTypes.DATE, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('enrolments', ['serviceKey', 'status']);
  await qi.addIndex('enrolments', ['receivedAt']);
  await qi.createTable('operations', {
    id: { type: DataTypes.UUID, primaryKey: true },
    kind: { type: DataTypes.STRING(64), allowNull: false },
    actorId: { type: DataTypes.UUID, allowNull: true },
    requestHash: { type: DataTypes.STRING(64), allowNull: false },
    responseStatus: { type: DataTypes.INTEGER, allowNull: false },
    responseBody: { type: DataTypes.JSON, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  // For sweeping old records later.
  await qi.addIndex('operations', ['createdAt']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const table of ['operations', 'enrolments']) await qi.dropTable(table);
}
