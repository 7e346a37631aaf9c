import { QueryTypes } from 'sequelize';
import { impactCounters, type CounterSetting, type PublicCounter, type UpdateCounterInput } from '../../../contract/reports';
import { ImpactCounterRow, ServiceOutputRow } from '../../db/models/service-output';
import { sequelize } from '../../db/sequelize';
import { ApiError, type ApiErrorInput } from '../../lib/errors';

/** What is recorded of one output since a date: the sum of its quantities or dollar values (index kind, on). */
async function recordedTotal(setting: Pick<ImpactCounterRow, 'outputId' | 'measure' | 'since'>): Promise<number> {
  if (!setting.outputId) return 0;
  const column = setting.measure === 'value' ? 'value' : 'quantity';
  const [row] = await sequelize.query<{ total: unknown }>(
    `SELECT SUM(${column}) AS total FROM contact_outputs WHERE kind = :kind${setting.since ? ' AND "on" >= :since' : ''}`,
    { type: QueryTypes.SELECT, replacements: { kind: setting.outputId, since: setting.since } },
  );
  return Number(row?.total ?? 0);
}

/** Every counter in the spec's order with its base, its setting (none: the base alone) and what it adds. */
export async function listCounterSettings(): Promise<CounterSetting[]> {
  const rows = new Map((await ImpactCounterRow.findAll()).map((row) => [row.key, row]));
  return Promise.all(
    impactCounters.map(async (counter) => {
      const row = rows.get(counter.key);
      const setting = { outputId: row?.outputId ?? null, measure: row?.measure ?? 'quantity', since: row?.since ?? null } as const;
      const recorded = Math.round(await recordedTotal(setting));
      return { key: counter.key, base: counter.base, ...setting, recorded, value: counter.base + recorded };
    }),
  );
}

/** The public figures: base + recorded, nothing else (no output, date or anything about anyone). */
export async function listPublicCounters(): Promise<PublicCounter[]> {
  return (await listCounterSettings()).map((counter) => ({ key: counter.key, value: counter.value }));
}

/** Sets what a counter adds: an output of any service (or none), quantity or dollar value, from a date (or all recorded). */
export async function updateCounter(key: string, changes: UpdateCounterInput): Promise<CounterSetting> {
  await sequelize.transaction(async (transaction) => {
    const row = (await ImpactCounterRow.findByPk(key, { transaction })) ?? ImpactCounterRow.build({ key, outputId: null, measure: 'quantity', since: null });
    if (changes.outputId !== undefined) row.outputId = changes.outputId;
    if (changes.measure !== undefined) row.measure = changes.measure;
    if (changes.since !== undefined) row.since = changes.since;
    const problems: ApiErrorInput[] = [];
    const output = row.outputId ? await ServiceOutputRow.findByPk(row.outputId, { transaction }) : null;
    if (row.outputId && !output) problems.push({ msg: 'No output has that id', param: 'outputId', code: 'invalid_value' });
    if (output && row.measure === 'value' && !output.hasValue)
      problems.push({ msg: 'That output has no dollar value', param: 'measure', code: 'invalid_value' });
    if (problems.length > 0) throw new ApiError(400, problems);
    await row.save({ transaction });
  });
  const settings = await listCounterSettings();
  return settings.find((setting) => setting.key === key)!;
}
