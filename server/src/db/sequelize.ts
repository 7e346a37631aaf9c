import { Sequelize, Transaction } from 'sequelize';
import { getConfig, type Config } from '../config';

type SqliteConnection = {
  configure(option: 'busyTimeout', ms: number): void;
  run(sql: string, callback: (error: Error | null) => void): void;
};
type SqliteConnectionManager = {
  getConnection(options?: { uuid?: string }): Promise<SqliteConnection>;
  releaseConnection(connection: SqliteConnection, force?: boolean): void;
};

const busyTimeoutMs = 15_000;

function run(connection: SqliteConnection, sql: string): Promise<void> {
  return new Promise((resolve, reject) => connection.run(sql, (error) => (error ? reject(error) : resolve())));
}

/**
 * Sequelize's SQLite dialect opens a new connection for each transaction (about 2 ms: open the
 * file, read the schema) and closes it after, and runs no connect hook. Here every transaction
 * uses one kept connection instead, which is safe because this process runs its SQLite
 * transactions one at a time (queueSqliteTransactions). Each connection is prepared on first use:
 * a busy timeout so writers queue rather than fail, synchronous=FULL so an acknowledged write
 * survives a crash, and secure_delete so what is deleted or overwritten (an erased person) is
 * zeroed in the file rather than left in free pages (decision 110).
 */
function prepareSqliteConnections(sequelize: Sequelize): void {
  const manager = sequelize.connectionManager as unknown as SqliteConnectionManager;
  const getConnection = manager.getConnection.bind(manager);
  const releaseConnection = manager.releaseConnection.bind(manager);
  const prepared = new WeakSet<SqliteConnection>();
  let transactions: SqliteConnection | undefined;
  manager.getConnection = async (options) => {
    const forTransaction = Boolean(options?.uuid) && options?.uuid !== 'default';
    // Sequelize keeps its connections by uuid and closes them all on sequelize.close().
    const connection = await getConnection(forTransaction ? { ...options, uuid: 'transactions' } : options);
    if (!prepared.has(connection)) {
      prepared.add(connection);
      connection.configure('busyTimeout', busyTimeoutMs);
      await run(connection, 'PRAGMA synchronous=FULL');
      await run(connection, 'PRAGMA secure_delete=ON');
    }
    if (forTransaction) transactions = connection;
    return connection;
  };
  manager.releaseConnection = (connection, force) => {
    if (connection === transactions && force !== true) return;
    releaseConnection(connection, force);
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
  queueSqliteTransactions(sequelize);
  return sequelize;
}

/**
 * Runs this process's SQLite transactions one at a time. SQLite has one writer anyway, and
 * node-sqlite3 waits out a busy lock inside one of libuv's four worker threads: with four
 * transactions waiting at BEGIN IMMEDIATE, the one holding the lock gets no thread to finish
 * on, and every request stalls until the busy timeout fails. Queuing keeps the waiting in
 * memory. Only managed transactions (with a callback) can be queued, so they are the only kind
 * allowed; PostgreSQL is left alone.
 */
function queueSqliteTransactions(sequelize: Sequelize): void {
  const transaction = sequelize.transaction.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
  let tail: Promise<unknown> = Promise.resolve();
  (sequelize as { transaction: unknown }).transaction = (...args: unknown[]) => {
    if (typeof args.at(-1) !== 'function') throw new Error('Use a managed transaction: sequelize.transaction(async (t) => …)');
    const turn = tail.then(
      () => transaction(...args),
      () => transaction(...args),
    );
    tail = turn.catch(() => undefined);
    return turn;
  };
}

/**
 * Copies the write-ahead log into the database file and empties the log, so the old page images
 * it holds (an erased person's details, decision 110) leave the disk. No-op on PostgreSQL.
 */
export async function checkpointWal(sequelize: Sequelize): Promise<void> {
  if (sequelize.getDialect() === 'sqlite') await sequelize.query('PRAGMA wal_checkpoint(TRUNCATE)');
}

/** WAL lets readers carry on while one writer commits; the mode is kept in the database file. */
export async function enableWal(sequelize: Sequelize): Promise<void> {
  if (sequelize.getDialect() === 'sqlite') await sequelize.query('PRAGMA journal_mode=WAL');
}

export const sequelize = createSequelize(getConfig().database);
