/** The name of the app's IndexedDB database, in a module of its own so checking for it loads no database code. */
export const localDbName = 'trust-app';
