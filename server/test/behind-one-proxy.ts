/**
 * Imported first by a test file whose server runs behind one proxy, as docs/operations.md deploys
 * it: set before anything reads the configuration.
 */
process.env.TRUST_PROXY = '1';
