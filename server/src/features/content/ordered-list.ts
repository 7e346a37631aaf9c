import type { Transaction } from 'sequelize';

/** A row of a list managers order by hand. */
type Placed = { id: string; position: number; update(values: { position: number }, options: { transaction: Transaction }): Promise<unknown> };

/**
 * Puts `moving` at `position` (0 = first; past the end = last) among `others` (already in
 * list order) and numbers the whole list 0, 1, 2 … again, writing only rows whose number
 * changed. Without `position`, the row goes last.
 */
export async function placeInList<T extends Placed>(others: T[], moving: T | undefined, position: number | undefined, transaction: Transaction): Promise<void> {
  const rest = others.filter((row) => row.id !== moving?.id);
  const list = moving ? [...rest] : rest;
  if (moving) list.splice(Math.min(position ?? rest.length, rest.length), 0, moving);
  for (const [index, row] of list.entries()) {
    if (row.position !== index) await row.update({ position: index }, { transaction });
  }
}
