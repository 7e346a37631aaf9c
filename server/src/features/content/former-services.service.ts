import type { Transaction } from 'sequelize';
import type { CreateFormerServiceInput, UpdateFormerServiceInput } from '../../../contract/site';
import { FormerService } from '../../db/models/former-service';
import { sequelize } from '../../db/sequelize';
import { notFound } from '../../lib/errors';
import { placeInList } from './ordered-list';

const formerServiceNotFound = () => notFound('Former service not found');

const listOrder = [
  ['position', 'ASC'],
  ['createdAt', 'ASC'],
  ['id', 'ASC'],
] as [string, string][];

/** The services the trust ran before, in the order managers set. */
export function listFormerServices(): Promise<FormerService[]> {
  return FormerService.findAll({ order: listOrder });
}

function lockedList(transaction: Transaction): Promise<FormerService[]> {
  return FormerService.findAll({ order: listOrder, transaction, lock: transaction.LOCK.UPDATE });
}

export function createFormerService(input: CreateFormerServiceInput): Promise<FormerService> {
  return sequelize.transaction(async (transaction) => {
    const list = await lockedList(transaction);
    const row = await FormerService.create({ title: input.title, years: input.years, text: input.text, position: list.length }, { transaction });
    await placeInList(list, row, input.order, transaction);
    return row;
  });
}

export function updateFormerService(id: string, changes: UpdateFormerServiceInput): Promise<FormerService> {
  return sequelize.transaction(async (transaction) => {
    const list = await lockedList(transaction);
    const row = list.find((item) => item.id === id);
    if (!row) throw formerServiceNotFound();
    await row.update(
      {
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.years !== undefined && { years: changes.years }),
        ...(changes.text !== undefined && { text: changes.text }),
      },
      { transaction },
    );
    if (changes.order !== undefined) await placeInList(list, row, changes.order, transaction);
    return row;
  });
}

export async function deleteFormerService(id: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const list = await lockedList(transaction);
    if (!list.some((item) => item.id === id)) throw formerServiceNotFound();
    await FormerService.destroy({ where: { id }, transaction });
    await placeInList(
      list.filter((item) => item.id !== id),
      undefined,
      undefined,
      transaction,
    );
  });
}
