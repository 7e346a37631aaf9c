/** The query keys of staff accounts: the list and each account. */
export const userKeys = {
  all: () => ['users'] as const,
  list: () => ['users', 'list'] as const,
  member: (id: string) => ['users', 'member', id] as const,
  /** Under the account's own key, so anything that refreshes the account refreshes its history too. */
  history: (id: string, page: number) => ['users', 'member', id, 'history', page] as const,
  /** The whole trail as the activity screen filters it. */
  activity: (filter: Readonly<Record<string, string | undefined>>, page: number) => ['users', 'activity', filter, page] as const,
};
