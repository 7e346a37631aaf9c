import { DataTypes, type QueryInterface } from 'sequelize';

/** Staff accounts, revoked tokens, services, blog posts, features and their images. */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const timestamps = {
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  };
  await qi.createTable('users', {
    id: { type: DataTypes.UUID, primaryKey: true },
    name: { type: DataTypes.STRING(200), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
    passwordHash: { type: DataTypes.STRING(200), allowNull: false },
    access: { type: DataTypes.INTEGER, allowNull: false },
    active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    tokenVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...timestamps,
  });
  await qi.createTable('revoked_tokens', {
    jti: { type: DataTypes.STRING(64), primaryKey: true },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('revoked_tokens', ['expiresAt']);
  const text = (length = 200) => ({ type: DataTypes.STRING(length), allowNull: false });
  await qi.createTable('services', {
    key: { type: DataTypes.STRING(64), primaryKey: true },
    position: { type: DataTypes.INTEGER, allowNull: false },
    bg: text(),
    title: text(),
    status: text(16),
    statusText: text(),
    url: { ...text(), unique: true },
    enrol: text(),
    subtitle: text(),
    actionText: text(),
    formLabel: text(),
    icon: text(64),
    descriptionTitle: text(),
    referralText: { type: DataTypes.TEXT, allowNull: false },
    description: { type: DataTypes.JSON, allowNull: false },
    sections: { type: DataTypes.JSON, allowNull: false },
    extras: { type: DataTypes.JSON, allowNull: false },
    ...timestamps,
  });
  const picture = {
    imageAlt: { type: DataTypes.STRING(200), allowNull: false },
    imageWidth: { type: DataTypes.INTEGER, allowNull: false },
    imageHeight: { type: DataTypes.INTEGER, allowNull: false },
  };
  await qi.createTable('blog_posts', {
    id: { type: DataTypes.UUID, primaryKey: true },
    title: text(),
    author: text(),
    text: { type: DataTypes.TEXT, allowNull: false },
    ...picture,
    ...timestamps,
  });
  await qi.addIndex('blog_posts', ['createdAt']);
  await qi.createTable('features', {
    id: { type: DataTypes.UUID, primaryKey: true },
    title: text(),
    text: { type: DataTypes.TEXT, allowNull: false },
    ...picture,
    ...timestamps,
  });
  await qi.createTable('images', {
    ownerId: { type: DataTypes.UUID, primaryKey: true },
    size: { type: DataTypes.STRING(16), primaryKey: true },
    bytes: { type: DataTypes.BLOB, allowNull: false },
    width: { type: DataTypes.INTEGER, allowNull: false },
    height: { type: DataTypes.INTEGER, allowNull: false },
    etag: { type: DataTypes.STRING(64), allowNull: false },
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const table of ['images', 'features', 'blog_posts', 'services', 'revoked_tokens', 'users']) await qi.dropTable(table);
}
