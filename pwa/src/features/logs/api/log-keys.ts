/** The query keys of log files: the listing and each file's text. */
export const logKeys = {
  all: () => ['logs'] as const,
  list: () => ['logs', 'list'] as const,
  file: (id: string) => ['logs', 'file', id] as const,
};
