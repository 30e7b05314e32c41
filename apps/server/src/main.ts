/**
 * `npm start`: start the server, print its URL, stop cleanly on SIGTERM/SIGINT (no new
 * connections, requests in flight finish, projector stopped, stores closed, exit 0).
 * A bad environment prints which variable is wrong and exits 1.
 */
import { isEnvError } from '@adapters/env';
import { isAppError } from '@core/shared/errors';
import { startServer } from './start';

const main = async () => {
  let server;
  try {
    server = await startServer();
  } catch (error) {
    if (isEnvError(error)) {
      process.stderr.write(`${error.message}\n`);
    } else if (isAppError(error) && error.reason !== undefined) {
      // A refusal that says what happened and what to do (a damaged event store, a read model of
      // another store): its words, not a stack.
      process.stderr.write(`Riposte could not start: ${error.message}\n`);
    } else {
      process.stderr.write(`Riposte could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  }
  process.stdout.write(`Riposte is running at ${server.url}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received, stopping...\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
};

void main();
