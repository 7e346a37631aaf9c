import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { whanauOraOutcomes, type WhanauOraOutcome } from '../../../contract/report-card';
import { sequelize } from '../sequelize';

/** A "How are we going?" answer (migration 037): the seven Whānau Ora outcomes rated 1 to 5 on a day. */
export class OutcomeRatingRow extends Model<InferAttributes<OutcomeRatingRow>, InferCreationAttributes<OutcomeRatingRow>> {
  declare id: string;
  declare whanauId: string;
  declare clientId: string | null;
  declare recordedBy: string | null;
  declare on: string;
  declare selfManaging: number;
  declare healthyLifestyles: number;
  declare participatingInSociety: number;
  declare teAoMaori: number;
  declare economicallySecure: number;
  declare cohesiveResilientNurturing: number;
  declare stewardsOfEnvironment: number;
  declare comment: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare writtenAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

OutcomeRatingRow.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true },
    whanauId: { type: DataTypes.UUID, allowNull: false },
    clientId: { type: DataTypes.UUID, allowNull: true },
    recordedBy: { type: DataTypes.UUID, allowNull: true },
    on: { type: DataTypes.DATEONLY, allowNull: false },
    ...(Object.fromEntries(whanauOraOutcomes.map((key) => [key, { type: DataTypes.SMALLINT, allowNull: false }])) as Record<
      WhanauOraOutcome,
      { type: typeof DataTypes.SMALLINT; allowNull: false }
    >),
    comment: { type: DataTypes.TEXT, allowNull: true },
    createdAt: DataTypes.DATE,
    writtenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'outcome_ratings' },
);

/** A rating's seven scores in the outcomes' order. */
export const scoresOf = (rating: Pick<OutcomeRatingRow, WhanauOraOutcome>): number[] => whanauOraOutcomes.map((key) => rating[key]);
