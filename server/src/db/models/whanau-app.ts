import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** A one-time invite of an adult member (migration 034, decision 129): only a keyed hash of its secret is kept. */
export class WhanauInvite extends Model<InferAttributes<WhanauInvite>, InferCreationAttributes<WhanauInvite>> {
  declare id: string;
  declare whanauId: string;
  declare clientId: string;
  declare lookup: string;
  declare codeHash: string;
  declare wrongTries: CreationOptional<number>;
  declare createdBy: string;
  declare createdAt: Date;
  declare expiresAt: Date;
  declare usedAt: CreationOptional<Date | null>;
}

WhanauInvite.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: false },
    lookup: { type: DataTypes.STRING(8), allowNull: false, unique: true },
    codeHash: { type: DataTypes.STRING(64), allowNull: false },
    wrongTries: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdBy: { type: DataTypes.UUID, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    usedAt: { type: DataTypes.DATE, allowNull: true },
  },
  { sequelize, tableName: 'whanau_invites', updatedAt: false },
);

/** Why a device stopped: unlinked by staff, by the member, or five wrong PINs on the phone. */
export type RevokedWhy = 'staff' | 'member' | 'pin' | 'erased';

/** A phone linked to a whānau for one member; its token carries `tokenVersion`. */
export class WhanauDevice extends Model<InferAttributes<WhanauDevice>, InferCreationAttributes<WhanauDevice>> {
  declare id: string;
  declare whanauId: string;
  declare clientId: string;
  declare inviteId: string;
  declare tokenVersion: CreationOptional<number>;
  declare linkedAt: Date;
  declare lastSeenAt: Date;
  declare revokedAt: CreationOptional<Date | null>;
  declare revokedBy: CreationOptional<string | null>;
  declare revokedWhy: CreationOptional<RevokedWhy | null>;
}

WhanauDevice.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: false },
    inviteId: { type: DataTypes.UUID, allowNull: false },
    tokenVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    linkedAt: { type: DataTypes.DATE, allowNull: false },
    lastSeenAt: { type: DataTypes.DATE, allowNull: false },
    revokedAt: { type: DataTypes.DATE, allowNull: true },
    revokedBy: { type: DataTypes.UUID, allowNull: true },
    revokedWhy: { type: DataTypes.STRING(16), allowNull: true },
  },
  { sequelize, tableName: 'whanau_devices', timestamps: false },
);

/** Something a kaimahi shared with a whānau (decision 130): a goal or a task (follow-up or planned visit). */
export class WhanauShare extends Model<InferAttributes<WhanauShare>, InferCreationAttributes<WhanauShare>> {
  declare id: string;
  declare whanauId: string;
  declare itemKind: 'goal' | 'task';
  declare itemId: string;
  declare sharedBy: string;
  declare sharedAt: Date;
}

WhanauShare.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    itemKind: { type: DataTypes.STRING(16), allowNull: false },
    itemId: { type: DataTypes.UUID, allowNull: false },
    sharedBy: { type: DataTypes.UUID, allowNull: false },
    sharedAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize, tableName: 'whanau_shares', timestamps: false },
);

/** A member's comment on a shared goal (migration 035): the whānau's voice, never edited. */
export class WhanauComment extends Model<InferAttributes<WhanauComment>, InferCreationAttributes<WhanauComment>> {
  declare id: string;
  declare whanauId: string;
  declare goalId: string;
  declare clientId: string;
  declare topic: 'done' | 'in_the_way';
  declare text: string;
  declare createdAt: Date;
  declare writtenAt: Date;
}

WhanauComment.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    goalId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: false },
    topic: { type: DataTypes.STRING(16), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    writtenAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize, tableName: 'whanau_comments', updatedAt: false },
);

/** A goal a member suggests; a kaimahi accepts it into the plan (as a goal) or declines it with a reply. */
export class GoalSuggestion extends Model<InferAttributes<GoalSuggestion>, InferCreationAttributes<GoalSuggestion>> {
  declare id: string;
  declare whanauId: string;
  declare clientId: string;
  declare text: string;
  declare area: string | null;
  declare status: 'new' | 'accepted' | 'declined';
  declare goalId: CreationOptional<string | null>;
  declare reply: CreationOptional<string | null>;
  declare answeredBy: CreationOptional<string | null>;
  declare answeredAt: CreationOptional<Date | null>;
  declare createdAt: Date;
  declare writtenAt: Date;
}

GoalSuggestion.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    area: { type: DataTypes.STRING(16), allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false },
    goalId: { type: DataTypes.UUID, allowNull: true },
    reply: { type: DataTypes.TEXT, allowNull: true },
    answeredBy: { type: DataTypes.UUID, allowNull: true },
    answeredAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    writtenAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize, tableName: 'goal_suggestions', updatedAt: false },
);

/** A member's proposed change to their own details (migration 036); a kaimahi decides each field. */
export class DetailChangeRow extends Model<InferAttributes<DetailChangeRow>, InferCreationAttributes<DetailChangeRow>> {
  declare id: string;
  declare clientId: string;
  declare whanauId: string;
  declare proposed: Record<string, string | null>;
  declare decisions: Record<string, 'accepted' | 'declined'>;
  declare status: 'new' | 'answered';
  declare answeredBy: CreationOptional<string | null>;
  declare answeredAt: CreationOptional<Date | null>;
  declare createdAt: Date;
}

DetailChangeRow.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    clientId: { type: DataTypes.UUID, allowNull: false },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    proposed: { type: DataTypes.JSON, allowNull: false },
    decisions: { type: DataTypes.JSON, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    answeredBy: { type: DataTypes.UUID, allowNull: true },
    answeredAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize, tableName: 'detail_changes', updatedAt: false },
);

/** A Privacy Act request (IPP 6 access, IPP 7 correction) with its due date (migration 036, decision 130). */
export class PrivacyRequest extends Model<InferAttributes<PrivacyRequest>, InferCreationAttributes<PrivacyRequest>> {
  declare id: string;
  declare clientId: string;
  declare kind: 'access' | 'correction';
  declare text: string;
  declare receivedAt: Date;
  declare dueOn: string;
  declare status: 'new' | 'answered';
  declare outcome: CreationOptional<'copy_given' | 'corrected' | 'refused' | null>;
  declare answer: CreationOptional<string | null>;
  declare answeredBy: CreationOptional<string | null>;
  declare answeredAt: CreationOptional<Date | null>;
}

PrivacyRequest.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    clientId: { type: DataTypes.UUID, allowNull: false },
    kind: { type: DataTypes.STRING(16), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    receivedAt: { type: DataTypes.DATE, allowNull: false },
    dueOn: { type: DataTypes.DATEONLY, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    outcome: { type: DataTypes.STRING(16), allowNull: true },
    answer: { type: DataTypes.TEXT, allowNull: true },
    answeredBy: { type: DataTypes.UUID, allowNull: true },
    answeredAt: { type: DataTypes.DATE, allowNull: true },
  },
  { sequelize, tableName: 'privacy_requests', timestamps: false },
);
