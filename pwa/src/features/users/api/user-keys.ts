/** The query keys of staff accounts: the list and each account. */
export const userKeys = {
  all: () => ['users'] as const,
  list: () => ['users', 'list'] as const,
  member: (id: string) => ['users', 'member', id] as const,
};
