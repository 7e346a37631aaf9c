/** The name of the app's IndexedDB database, in a module of its own so checking for it loads no database code. */
export const localDbName = 'trust-app';

/** Whether the app's database may exist on this device, asked without opening it (true when the browser cannot tell). */
export async function localDbMayExist(): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined') return false;
    if (typeof indexedDB.databases === 'function') {
      const databases = await indexedDB.databases();
      return databases.some((database) => database.name === localDbName);
    }
  } catch {
    // Cannot tell (private mode, old browser).
  }
  return true;
}
