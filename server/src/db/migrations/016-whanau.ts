import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Whānau-centred case work (issue 20, DESIGN §4c): whānau, their members, goals, follow-ups
 * (tasks), contacts with the service outputs delivered at them (one row each, with the contact's
 * service and date, so reports sum them by period and service), and corrections of case notes.
 * Indexed for the reads there are: members by whānau and by client, goals and contacts by whānau,
 * follow-ups by assignee and due date, contacts and outputs by service and date.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const uuid = (allowNull = false) => ({ type: DataTypes.UUID, allowNull });
  const timestamps = { createdAt: { type: DataTypes.DATE, allowNull: false }, updatedAt: { type: DataTypes.DATE, allowNull: false } };
  const versioned = {
    version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    // { field: version at which it last changed } (decision 020).
    fieldVersions: { type: DataTypes.JSON, allowNull: false },
  };

  await qi.createTable('whanau', {
    id: { type: DataTypes.UUID, primaryKey: true },
    name: { type: DataTypes.STRING(200), allowNull: false },
    // The name folded as client search folds it (decision 021), for `?q=`.
    nameKey: { type: DataTypes.STRING(200), allowNull: false },
    leadClientId: uuid(true),
    notes: { type: DataTypes.TEXT, allowNull: true },
    ...versioned,
    createdBy: uuid(true),
    updatedBy: uuid(true),
    ...timestamps,
  });
  await qi.addIndex('whanau', ['nameKey', 'id']);
  await qi.addIndex('whanau', ['createdBy']);

  await qi.createTable('whanau_members', {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { ...uuid(), references: { model: 'whanau', key: 'id' } },
    clientId: { ...uuid(), references: { model: 'clients', key: 'id' } },
    relationship: { type: DataTypes.STRING(16), allowNull: false },
    relationshipText: { type: DataTypes.STRING(100), allowNull: true },
    // Unlinked memberships stay (the link's answer can be read again); only linked ones count.
    unlinkedAt: { type: DataTypes.DATE, allowNull: true },
    createdBy: uuid(true),
    ...timestamps,
  });
  // A client is in a whānau once while linked.
  await qi.addIndex('whanau_members', ['whanauId', 'clientId'], { unique: true, where: { unlinkedAt: null }, name: 'whanau_members_linked_once' });
  await qi.addIndex('whanau_members', ['clientId', 'whanauId']);

  await qi.createTable('goals', {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { ...uuid(), references: { model: 'whanau', key: 'id' } },
    clientId: uuid(true),
    area: { type: DataTypes.STRING(16), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    targetDate: { type: DataTypes.DATEONLY, allowNull: true },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    ...versioned,
    createdBy: uuid(),
    updatedBy: uuid(true),
    ...timestamps,
  });
  await qi.addIndex('goals', ['whanauId', 'serviceKey']);
  await qi.addIndex('goals', ['clientId']);
  await qi.addIndex('goals', ['serviceKey', 'createdAt']);

  await qi.createTable('tasks', {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: uuid(true),
    clientId: uuid(true),
    goalId: uuid(true),
    text: { type: DataTypes.TEXT, allowNull: false },
    dueOn: { type: DataTypes.DATEONLY, allowNull: false },
    assignedTo: uuid(),
    doneAt: { type: DataTypes.DATE, allowNull: true },
    ...versioned,
    createdBy: uuid(),
    updatedBy: uuid(true),
    ...timestamps,
  });
  // "My follow-ups": open ones soonest due first, and those done lately.
  await qi.addIndex('tasks', ['assignedTo', 'dueOn']);
  await qi.addIndex('tasks', ['assignedTo', 'doneAt']);
  await qi.addIndex('tasks', ['whanauId', 'dueOn']);
  await qi.addIndex('tasks', ['clientId']);
  await qi.addIndex('tasks', ['goalId']);
  await qi.addIndex('tasks', ['createdBy']);

  await qi.createTable('contacts', {
    id: { type: DataTypes.UUID, primaryKey: true },
    clientId: uuid(true),
    whanauId: uuid(true),
    on: { type: DataTypes.DATEONLY, allowNull: false },
    kind: { type: DataTypes.STRING(16), allowNull: false },
    minutes: { type: DataTypes.INTEGER, allowNull: false },
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    presentClientIds: { type: DataTypes.JSON, allowNull: false },
    goalIds: { type: DataTypes.JSON, allowNull: false },
    summary: { type: DataTypes.TEXT, allowNull: false },
    authorId: uuid(),
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('contacts', ['whanauId', 'on']);
  await qi.addIndex('contacts', ['clientId', 'on']);
  await qi.addIndex('contacts', ['serviceKey', 'on']);
  await qi.addIndex('contacts', ['createdAt']);

  await qi.createTable('contact_outputs', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    contactId: { ...uuid(), references: { model: 'contacts', key: 'id' }, onDelete: 'CASCADE' },
    // The contact's service and date, copied so a report sums outputs by period and service from this table alone.
    serviceKey: { type: DataTypes.STRING(64), allowNull: false },
    on: { type: DataTypes.DATEONLY, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(64), allowNull: false },
    quantity: { type: DataTypes.DOUBLE, allowNull: false },
    unit: { type: DataTypes.STRING(32), allowNull: true },
    value: { type: DataTypes.DOUBLE, allowNull: true },
  });
  await qi.addIndex('contact_outputs', ['contactId', 'position']);
  await qi.addIndex('contact_outputs', ['serviceKey', 'on', 'kind']);

  await qi.createTable('note_corrections', {
    id: { type: DataTypes.UUID, primaryKey: true },
    // A case note's id or a contact's (its summary); the original is never changed.
    correctsNoteId: uuid(),
    clientId: uuid(true),
    whanauId: uuid(true),
    text: { type: DataTypes.TEXT, allowNull: false },
    reason: { type: DataTypes.STRING(500), allowNull: false },
    authorId: uuid(),
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('note_corrections', ['correctsNoteId', 'createdAt']);
  await qi.addIndex('note_corrections', ['clientId']);
  await qi.addIndex('note_corrections', ['whanauId']);
  await qi.addIndex('note_corrections', ['createdAt']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const table of ['note_corrections', 'contact_outputs', 'contacts', 'tasks', 'goals', 'whanau_members', 'whanau']) await qi.dropTable(table);
}
