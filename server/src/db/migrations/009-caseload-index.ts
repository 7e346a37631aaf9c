import type { QueryInterface } from 'sequelize';

/**
 * A manager's caseload (decision 045) includes the clients they opened or changed: "which
 * clients has this actor touched?" was a scan of the whole audit trail, which only grows. This
 * index answers it from the index alone.
 */
const fields = ['actorId', 'clientId'];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addIndex('audit_events', fields);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeIndex('audit_events', fields);
}
