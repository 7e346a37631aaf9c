import { Sequelize, Transaction } from 'sequelize';
import { getConfig, type Config } from '../config';

type SqliteConnection = {
  configure(option: 'busyTimeout', ms: number): void;
  run(sql: string, callback: (error: Error | null) => void): void;
};
type SqliteConnectionManager = { getConnection(options?: object): Promise<SqliteConnection> };

const busyTimeoutMs = 15_000;

function run(connection: SqliteConnection, sql: string): Promise<void> {
  return new Promise((resolve, reject) => connection.run(sql, (error) => (error ? reject(error) : resolve())));
}

/**
 * Sequelize's SQLite dialect opens a new connection for each transaction and runs no
 * connect hook, so each connection is prepared here on first use: a busy timeout so writers
 * queue rather than fail, and synchronous=FULL so an acknowledged write survives a crash.
 */
function prepareSqliteConnections(sequelize: Sequelize): void {
  const manager = sequelize.connectionManager as unknown as SqliteConnectionManager;
  const getConnection = manager.getConnection.bind(manager);
  const prepared = new WeakSet<SqliteConnection>();
  manager.getConnection = async (options) => {
    const connection = await getConnection(options);
    if (!prepared.has(connection)) {
      prepared.add(connection);
      connection.configure('busyTimeout', busyTimeoutMs);
      await run(connection, 'PRAGMA synchronous=FULL');
    }
    return connection;
  };
}

export function createSequelize(database: Config['database']): Sequelize {
  if (database.dialect === 'postgres') {
    return new Sequelize(database.url, { dialect: 'postgres', logging: false, pool: { max: 10, idle: 10_000 } });
  }
  const sequelize = new Sequelize({
    dialect: 'sqlite',
    storage: database.storage,
    logging: false,
    // IMMEDIATE takes the write lock at BEGIN, so two transactions never deadlock upgrading a read lock.
    transactionType: Transaction.TYPES.IMMEDIATE,
    retry: { match: [/SQLITE_BUSY/], max: 5 },
  });
  prepareSqliteConnections(sequelize);
  return sequelize;
}

/** WAL lets readers carry on while one writer commits; the mode is kept in the database file. */
export async function enableWal(sequelize: Sequelize): Promise<void> {
  if (sequelize.getDialect() === 'sqlite') await sequelize.query('PRAGMA journal_mode=WAL');
}

export const sequelize = createSequelize(getConfig().database);
