/**
 * A local Web Push service for tests: web-push-testing's server (RFC 8030 delivery, RFC 8291
 * decryption) in this process on a free loopback port. It hands out subscriptions the way a
 * browser's push service does, takes Riposte's encrypted, VAPID-signed pushes, decrypts them, and
 * keeps the plain messages per subscription for the test to read.
 */
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

interface Model {
  notifyUrl: string;
  subscribe(options: { userVisibleOnly: string; applicationServerKey: string }): Promise<PushServiceSubscription>;
  expireSubscription(clientHash: string): void;
  getNotifications(body: { clientHash: string }): { messages: string[] };
}
interface ServerInstance {
  _app: { listen(port: number, host: string, cb: () => void): Server };
  _server?: Server;
  setRequestHandlers(): void;
}

export interface PushServiceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushService {
  /** host:port, for RIPOSTE_PUSH_HOSTS. */
  host: string;
  subscribe(applicationServerKey: string): Promise<PushServiceSubscription>;
  /** The messages delivered to a subscription, decrypted and parsed. */
  messages<T = unknown>(clientHash: string): T[];
  /** The subscription ends: the next push to it answers 410 Gone. */
  expire(clientHash: string): void;
  close(): Promise<void>;
}

/** `onMessage`: called as each push is received (after its decryption), with the client it was for. */
export const startPushService = async (options: { onMessage?: (clientHash: string) => void } = {}): Promise<PushService> => {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => Model };
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (model: Model, port: number) => ServerInstance;
  const model = new PushApiModel();
  const onMessage = options.onMessage;
  if (onMessage !== undefined) {
    const handle = (model as unknown as { handleNotification: (hash: string, ...rest: unknown[]) => Promise<unknown> }).handleNotification.bind(model);
    (model as unknown as { handleNotification: typeof handle }).handleNotification = async (hash, ...rest) => {
      const result = await handle(hash, ...rest);
      onMessage(hash);
      return result;
    };
  }
  const instance = new WebPushTestingServer(model, 0);
  // Its own startServer() listens on a fixed port and names it in the endpoints; listen on any
  // free port instead and name that one.
  const server = await new Promise<Server>((resolve) => {
    const s = instance._app.listen(0, '127.0.0.1', () => resolve(s));
  });
  instance._server = server;
  instance.setRequestHandlers();
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `http://${host}/notify/`;
  return {
    host,
    subscribe: (applicationServerKey) => model.subscribe({ userVisibleOnly: 'true', applicationServerKey }),
    messages: <T>(clientHash: string) => model.getNotifications({ clientHash }).messages.map((m) => JSON.parse(m) as T),
    expire: (clientHash) => model.expireSubscription(clientHash),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
