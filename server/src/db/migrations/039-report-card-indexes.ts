import type { QueryInterface } from 'sequelize';

/**
 * The report card's reads over a year (issue 35, decision 135), each from an index alone:
 * - an enrolment's first day at a contact of its service: the least `on` of one range of
 *   `contact_attendees_client`, for each enrolment;
 * - the follow-ups due in the span with what decides their services and whether done in time:
 *   `tasks_card`, which holds 037's `tasks_due` (dueOn) as its prefix, so that one goes;
 * - each whānau's first contact of a service: `contacts_whanau_first`, read in its order, with
 *   no sort.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addIndex('contact_attendees', ['clientId', 'serviceKey', 'on'], { name: 'contact_attendees_client' });
  await qi.addIndex('tasks', ['dueOn', 'goalId', 'whanauId', 'clientId', 'doneAt'], { name: 'tasks_card' });
  await qi.removeIndex('tasks', 'tasks_due');
  await qi.addIndex('contacts', ['serviceKey', 'whanauId', 'on'], { name: 'contacts_whanau_first' });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeIndex('contacts', 'contacts_whanau_first');
  await qi.addIndex('tasks', ['dueOn'], { name: 'tasks_due' });
  await qi.removeIndex('tasks', 'tasks_card');
  await qi.removeIndex('contact_attendees', 'contact_attendees_client');
}
