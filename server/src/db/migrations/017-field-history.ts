import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Field history (issue 20): who changed which field of a record, from what to what, for managers
 * (`GET /api/clients/{id}/history`). The audit trail names fields only (decision 022); this table
 * holds the values, so it is a copy of people's details: an erasure (decision 089) deletes a
 * client's rows, and only managers read it.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('field_changes', {
    seq: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    at: { type: DataTypes.DATE, allowNull: false },
    actorId: { type: DataTypes.UUID, allowNull: true },
    actorName: { type: DataTypes.STRING(200), allowNull: true },
    entity: { type: DataTypes.STRING(32), allowNull: false },
    entityId: { type: DataTypes.UUID, allowNull: false },
    // The client the record is about (a client, a goal of one member), for erasure.
    clientId: { type: DataTypes.UUID, allowNull: true },
    field: { type: DataTypes.STRING(64), allowNull: false },
    fromValue: { type: DataTypes.JSON, allowNull: true },
    toValue: { type: DataTypes.JSON, allowNull: true },
  });
  await qi.addIndex('field_changes', ['entity', 'entityId', 'seq']);
  await qi.addIndex('field_changes', ['clientId']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('field_changes');
}
