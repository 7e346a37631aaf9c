import { DataTypes, Model, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import { sequelize } from '../sequelize';

/** One folded word a client can be found by (kept up to date by the Client model). */
export class ClientSearchTerm extends Model<InferAttributes<ClientSearchTerm>, InferCreationAttributes<ClientSearchTerm>> {
  declare term: string;
  declare clientId: string;
}

ClientSearchTerm.init(
  {
    term: { type: DataTypes.STRING(254), primaryKey: true },
    clientId: { type: DataTypes.UUID, primaryKey: true },
  },
  { sequelize, tableName: 'client_search_terms', timestamps: false },
);
