import { ConfigError, getConfig } from './config';

// Read the environment before anything else, so a bad deploy lists every bad variable and stops.
try {
  getConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const { startServer } = await import('./start');
await startServer();
