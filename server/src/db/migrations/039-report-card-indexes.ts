import type { QueryInterface } from 'sequelize';

/**
 * The report card's reads over a year (issue 35, decision 135): an enrolment's first day at a
 * contact of its service is the least `on` of one range of this index, for each enrolment.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addIndex('contact_attendees', ['clientId', 'serviceKey', 'on'], { name: 'contact_attendees_client' });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeIndex('contact_attendees', 'contact_attendees_client');
}
