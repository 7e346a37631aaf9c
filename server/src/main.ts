import { ConfigError, getConfig } from './config';
import { protectDataFolder } from './lib/data-folder';

// Read the environment before anything else, so a bad deploy lists every bad variable and stops.
try {
  // Before the imports below open the database, the secret and the log file.
  protectDataFolder(getConfig());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const { startServer } = await import('./start');
await startServer();
