/**
 * Imported first by a test file of the server's limits against slow clients (decision 112): a
 * low cap per address and a short body time, set before anything reads the configuration.
 */
process.env.MAX_CONNECTIONS_PER_ADDRESS = '10';
process.env.ANONYMOUS_BODY_TIMEOUT_MS = '600';
