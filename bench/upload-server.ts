/** The reference server for the upload bench, in its own process (so the client's memory is its own). */
import { startServer, SANDBOX_DEFAULTS } from '../server/app';

const server = await startServer({ dataDir: process.argv[2], port: 0, admin: { ...SANDBOX_DEFAULTS }, seedDemo: true });
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
