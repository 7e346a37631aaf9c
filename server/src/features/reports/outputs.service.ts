import crypto from 'node:crypto';
import { Op, QueryTypes, type Transaction } from 'sequelize';
import { outputLimits, type CreateServiceOutputInput, type ServiceOutput, type UpdateServiceOutputInput } from '../../../contract/reports';
import { serviceKeys } from '../../../contract/enrolments';
import type { ContactOutput } from '../../../contract/whanau';
import { ImpactCounterRow, ServiceOutputRow } from '../../db/models/service-output';
import { sequelize } from '../../db/sequelize';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors';

/**
 * The output ids among `ids` that a contact has recorded: for each, one look into the counters'
 * index (kind, …) for a first row. A DISTINCT over the outputs read every row of those kinds on
 * PostgreSQL, which has no skip scan.
 */
async function usedAmong(ids: string[], transaction?: Transaction): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const sql = `SELECT id AS kind FROM service_outputs WHERE id IN (:ids)
    AND EXISTS (SELECT 1 FROM contact_outputs WHERE kind = CAST(service_outputs.id AS TEXT))`;
  const rows = await sequelize.query<{ kind: string }>(sql, {
    type: QueryTypes.SELECT,
    replacements: { ids },
    transaction,
  });
  return new Set(rows.map((row) => row.kind));
}

export function presentOutput(row: ServiceOutputRow, used: Set<string>): ServiceOutput {
  return {
    _id: row.id,
    serviceKey: row.serviceKey,
    name: row.name,
    nameMi: row.nameMi,
    unit: row.unit,
    hasValue: row.hasValue,
    order: row.position,
    retired: row.retiredAt !== null,
    used: used.has(row.id),
  };
}

function assertService(key: string): void {
  if (!serviceKeys.includes(key)) throw notFound('Service not found');
}

/** A service's outputs in their order; retired ones only with `all`. */
export async function listOutputs(serviceKey: string, include: 'offered' | 'all'): Promise<ServiceOutput[]> {
  assertService(serviceKey);
  const rows = await ServiceOutputRow.findAll({
    where: { serviceKey, ...(include === 'all' ? {} : { retiredAt: null }) },
    order: [
      ['position', 'ASC'],
      ['createdAt', 'ASC'],
    ],
  });
  const used = await usedAmong(rows.map((row) => row.id));
  return rows.map((row) => presentOutput(row, used));
}

/** Outputs by id, whatever their service (a report names the outputs it counts). */
export async function outputsByIds(ids: string[]): Promise<ServiceOutput[]> {
  if (ids.length === 0) return [];
  const rows = await ServiceOutputRow.findAll({
    where: { id: ids },
    order: [
      ['serviceKey', 'ASC'],
      ['position', 'ASC'],
    ],
  });
  return rows.map((row) => presentOutput(row, new Set(ids)));
}

export async function createOutput(serviceKey: string, input: CreateServiceOutputInput): Promise<ServiceOutput> {
  assertService(serviceKey);
  return sequelize.transaction(async (transaction) => {
    const count = await ServiceOutputRow.count({ where: { serviceKey }, transaction });
    if (count >= outputLimits.perServiceMax) throw badRequest(`A service has at most ${outputLimits.perServiceMax} outputs`, undefined, 'too_big');
    const last = (await ServiceOutputRow.max<number | null, ServiceOutputRow>('position', { where: { serviceKey }, transaction })) ?? -1;
    const row = await ServiceOutputRow.create(
      {
        id: crypto.randomUUID(),
        serviceKey,
        name: input.name,
        nameMi: input.nameMi,
        unit: input.unit ?? null,
        hasValue: input.hasValue,
        position: input.order ?? last + 1,
        retiredAt: null,
      },
      { transaction },
    );
    return presentOutput(row, new Set());
  });
}

async function findOutput(serviceKey: string, id: string, transaction?: Transaction): Promise<ServiceOutputRow> {
  assertService(serviceKey);
  const row = await ServiceOutputRow.findOne({ where: { id, serviceKey }, transaction });
  if (!row) throw notFound('Output not found');
  return row;
}

export async function updateOutput(serviceKey: string, id: string, changes: UpdateServiceOutputInput): Promise<ServiceOutput> {
  return sequelize.transaction(async (transaction) => {
    const row = await findOutput(serviceKey, id, transaction);
    if (changes.name !== undefined) row.name = changes.name;
    if (changes.nameMi !== undefined) row.nameMi = changes.nameMi;
    if (changes.unit !== undefined) row.unit = changes.unit;
    if (changes.hasValue !== undefined) row.hasValue = changes.hasValue;
    if (changes.order !== undefined) row.position = changes.order;
    if (changes.retired !== undefined) row.retiredAt = changes.retired ? (row.retiredAt ?? new Date()) : null;
    await row.save({ transaction });
    return presentOutput(row, await usedAmong([row.id], transaction));
  });
}

/** Deletes an output nobody has recorded yet and no counter adds; a used one can only be retired (409). */
export async function deleteOutput(serviceKey: string, id: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const row = await findOutput(serviceKey, id, transaction);
    if ((await usedAmong([row.id], transaction)).size > 0) throw conflict('Contacts have recorded this output: retire it instead', undefined, 'already_in_use');
    if (await ImpactCounterRow.count({ where: { outputId: row.id }, transaction })) {
      throw conflict('A home page counter adds this output: choose another for the counter first', undefined, 'already_in_use');
    }
    await row.destroy({ transaction });
  });
}

/**
 * The check `contact.create` makes of its outputs (the hook src/sync-handlers.ts wraps around
 * issue 20's handler): each `kind` is an output of the contact's service (a retired one still
 * counts: the contact may have been recorded offline before it was retired; the id exactly as the
 * API gives it, so reports and counters find it), and a dollar value
 * only where the output has one. Every problem is listed, named as the payload's fields.
 */
export async function checkContactOutputs(serviceKey: string, outputs: readonly ContactOutput[], transaction?: Transaction): Promise<void> {
  if (outputs.length === 0) return;
  const kinds = [...new Set(outputs.map((output) => output.kind))];
  const rows = await ServiceOutputRow.findAll({ where: { serviceKey, id: { [Op.in]: kinds.filter(isUuid) } }, transaction });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems = outputs.flatMap((output, index) => {
    const row = byId.get(output.kind);
    if (!row) return [{ msg: 'Not an output of this service', param: `payload.outputs.${index}.kind`, code: 'invalid_value' as const }];
    if (output.value !== undefined && !row.hasValue) {
      return [{ msg: 'This output has no dollar value', param: `payload.outputs.${index}.value`, code: 'invalid_value' as const }];
    }
    return [];
  });
  if (problems.length > 0) throw new ApiError(400, problems);
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
