import { QueryTypes, type Transaction } from 'sequelize';
import { statementVersionUnknown } from '../../contract/clients';
import { earlierStatementVersions } from '../../contract/enrolment-form';
import { sequelize } from '../db/sequelize';
import { badRequest } from './errors';

/**
 * The privacy statement versions a person may have agreed to (decision 094): every wording
 * managers published (stored for good, newest first), then the ones from before the statement
 * was stored. A version published once stays accepted, so an enrolment or a consent that waited
 * on a device while the wording changed is taken with the version it was given under.
 * Plain SQL, no model: the enrolment writer runs it once per batch.
 */
export async function listStatementVersions(transaction?: Transaction): Promise<string[]> {
  const rows = await sequelize.query<{ version: string }>('SELECT version FROM privacy_statements ORDER BY "publishedAt" DESC', {
    type: QueryTypes.SELECT,
    ...(transaction && { transaction }),
  });
  const stored = rows.map((row) => row.version);
  return [...stored, ...earlierStatementVersions.filter((version) => !stored.includes(version))];
}

/**
 * A consent recorded by kaimahi (in person or by phone) names a published version, or nothing is
 * written: 400 on `param` (where the version sits in the request), listing the versions.
 */
export async function requirePublishedStatement(
  consent: { statementVersion: string } | null | undefined,
  param: string,
  transaction?: Transaction,
): Promise<void> {
  if (!consent) return;
  const versions = await listStatementVersions(transaction);
  if (!versions.includes(consent.statementVersion)) throw badRequest(`${statementVersionUnknown}: ${versions.join(', ')}`, param, 'invalid_value');
}
