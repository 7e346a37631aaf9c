/** Query keys of the duplicates list: a merge, an undo or "not the same" refreshes it. */
export const duplicatesKeys = {
  all: () => ['duplicates'] as const,
};
