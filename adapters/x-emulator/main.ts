/**
 * Runs the X emulator on its own, to try Riposte against it from another process:
 *   npx tsx adapters/x-emulator/main.ts --port 4100 [--seed 1] [--no-summon-rule] [--user alice] [--premium-user bob]
 *     [--latency-ms 300 --latency-jitter-ms 200] [--user-id-base 1700000000000000000]
 *     [--stream-heartbeat-ms 20000] [--control] [--clock-file /tmp/clock]
 * then start Riposte with RIPOSTE_X_API_URL=http://127.0.0.1:4100 RIPOSTE_X_API_KEY=sandbox-consumer-key
 * RIPOSTE_X_API_SECRET=sandbox-consumer-secret.
 * For tests: --control answers the remote control over HTTP (control-http.ts), and --clock-file
 * runs its clock on the offset the test writes there (adapters/clock/test-clock), as Riposte's
 * processes do with RIPOSTE_TEST_CLOCK_FILE. --port 0 takes a free port; the line printed names it.
 */
import { parseArgs } from 'node:util';
import { fileClock } from '@adapters/clock/test-clock';
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
    'stream-heartbeat-ms': { type: 'string' },
    control: { type: 'boolean', default: false },
    'clock-file': { type: 'string' },
  },
});
const clockFile = values['clock-file'];
const clock = clockFile === undefined ? undefined : fileClock(clockFile);

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
  ...(values['stream-heartbeat-ms'] === undefined ? {} : { streamHeartbeatMs: Number(values['stream-heartbeat-ms']) }),
  ...(clock === undefined ? {} : { clock: () => clock().getTime() }),
  controlApi: values.control,
});
console.log(
  `X emulator on ${emulator.url} (consumer key ${emulator.app.consumerKey}, secret ${emulator.app.consumerSecret}; ` +
    `summon rule ${emulator.control.summonRule() ? 'on' : 'off'}${values.control ? '; control over HTTP' : ''})`,
);

const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
