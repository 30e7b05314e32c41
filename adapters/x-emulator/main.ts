/**
 * Runs the X emulator on its own, to try Riposte against it from another process:
 *   npx tsx adapters/x-emulator/main.ts --port 4100 [--seed 1] [--no-summon-rule] [--user alice] [--premium-user bob]
 *     [--latency-ms 300 --latency-jitter-ms 200] [--user-id-base 1700000000000000000]
 * then start Riposte with RIPOSTE_X_API_URL=http://127.0.0.1:4100 RIPOSTE_X_API_KEY=sandbox-consumer-key
 * RIPOSTE_X_API_SECRET=sandbox-consumer-secret.
 */
import { parseArgs } from 'node:util';
import { startXEmulator } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4100' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '1' },
    'no-summon-rule': { type: 'boolean', default: false },
    user: { type: 'string', multiple: true, default: [] },
    'premium-user': { type: 'string', multiple: true, default: [] },
    'latency-ms': { type: 'string', default: '0' },
    'latency-jitter-ms': { type: 'string', default: '0' },
    // New users' ids start after it (tests on a KurrentDB kept between runs start each run elsewhere).
    'user-id-base': { type: 'string' },
  },
});

const emulator = await startXEmulator({
  host: values.host,
  port: Number(values.port),
  seed: Number(values.seed),
  ...(values['user-id-base'] === undefined ? {} : { userIdBase: BigInt(values['user-id-base']) }),
  summonRule: !values['no-summon-rule'],
  sandboxUsers: values.user,
  premiumUsers: values['premium-user'],
  latencyMs: Number(values['latency-ms']),
  latencyJitterMs: Number(values['latency-jitter-ms']),
});
console.log(
  `X emulator on ${emulator.url} (consumer key ${emulator.app.consumerKey}, secret ${emulator.app.consumerSecret}; ` +
    `summon rule ${emulator.control.summonRule() ? 'on' : 'off'})`,
);

const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
