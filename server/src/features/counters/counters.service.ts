import { QueryTypes } from 'sequelize';
import { impactCounters, nzDayStart, nzToday, type CounterSetting, type PublicCounter, type UpdateCounterInput } from '../../../contract/reports';
import { ImpactCounterRow, ServiceOutputRow } from '../../db/models/service-output';
import { sequelize } from '../../db/sequelize';
import { now } from '../../lib/clock';
import { ApiError, type ApiErrorInput } from '../../lib/errors';

type Setting = Pick<ImpactCounterRow, 'outputId' | 'measure' | 'since'>;

/**
 * What is recorded of one output since a date: the sum of its quantities or dollar values (index
 * kind, on), of contacts dated up to `today` (New Zealand), never one dated in the future. With
 * `recordedBefore`, only contacts the server had received by then.
 */
async function recordedTotal(setting: Setting, today: string, recordedBefore?: Date): Promise<number> {
  if (!setting.outputId) return 0;
  const column = setting.measure === 'value' ? 'value' : 'quantity';
  const since = setting.since ? ' AND o."on" >= :since' : '';
  const received = recordedBefore ? ' AND o."contactId" IN (SELECT id FROM contacts WHERE "createdAt" < :recordedBefore)' : '';
  const [row] = await sequelize.query<{ total: unknown }>(
    `SELECT SUM(o.${column}) AS total FROM contact_outputs o WHERE o.kind = :kind AND o."on" <= :today${since}${received}`,
    { type: QueryTypes.SELECT, replacements: { kind: setting.outputId, since: setting.since, today, recordedBefore } },
  );
  return Number(row?.total ?? 0);
}

async function readSettings(): Promise<Map<string, ImpactCounterRow>> {
  return new Map((await ImpactCounterRow.findAll()).map((row) => [row.key, row]));
}

const settingOf = (row: ImpactCounterRow | undefined) =>
  ({ outputId: row?.outputId ?? null, measure: row?.measure ?? 'quantity', since: row?.since ?? null }) as const;

/** Every counter in the spec's order with its base, its setting (none: the base alone) and what it adds, as recorded now. */
export async function listCounterSettings(): Promise<CounterSetting[]> {
  const rows = await readSettings();
  const today = nzToday(now());
  return Promise.all(
    impactCounters.map(async (counter) => {
      const setting = settingOf(rows.get(counter.key));
      const recorded = Math.round(await recordedTotal(setting, today));
      return { key: counter.key, base: counter.base, ...setting, recorded, value: counter.base + recorded };
    }),
  );
}

/**
 * The public figure of a setting on a New Zealand day, worked out once per process and kept: what
 * the server had received before that day began, dated up to that day. Every instance works out
 * the same figure whenever it is asked, and a visitor watching it cannot see a contact happen
 * (issue 32, decision 113). A setting changed by a manager is another key: it shows at once.
 */
const publicFigures = new Map<string, Promise<number>>();

function publicFigure(setting: Setting, today: string): Promise<number> {
  const key = JSON.stringify([today, setting.outputId, setting.measure, setting.since]);
  let figure = publicFigures.get(key);
  if (!figure) {
    // Only today's figures are kept.
    for (const kept of publicFigures.keys()) if (!kept.startsWith(`["${today}"`)) publicFigures.delete(kept);
    figure = recordedTotal(setting, today, nzDayStart(today)).then(Math.round);
    figure.catch(() => publicFigures.delete(key));
    publicFigures.set(key, figure);
  }
  return figure;
}

/** The public figures: base + what was recorded before today, nothing else (no output, date or anything about anyone). */
export async function listPublicCounters(): Promise<PublicCounter[]> {
  const rows = await readSettings();
  const today = nzToday(now());
  return Promise.all(
    impactCounters.map(async (counter) => ({ key: counter.key, value: counter.base + (await publicFigure(settingOf(rows.get(counter.key)), today)) })),
  );
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
