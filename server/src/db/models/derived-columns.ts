/**
 * Makes a save write the columns a model derives in its hooks. `instance.update(values)` saves
 * only the keys it was given (Sequelize 6 sets `options.fields` to them before the hooks run), so
 * a column derived from those keys kept its old value: an erased person stayed findable by their
 * old name (issue 32, decision 110). Each model derives in `beforeSave` and adds its columns here.
 */
export function saveDerivedColumns<Column extends string | number | symbol>(options: { fields?: Column[] }, columns: readonly Column[]): void {
  if (!options.fields) return;
  for (const column of columns) if (!options.fields.includes(column)) options.fields.push(column);
}

/** Whether every column a derivation reads is loaded (a row read with a few attributes has the others undefined). */
export function hasLoaded(values: object, columns: readonly string[]): boolean {
  return columns.every((column) => (values as Record<string, unknown>)[column] !== undefined);
}
