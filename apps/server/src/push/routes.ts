/**
 * Notifications on the user's devices (Settings → Notifications), from a signed-in browser only
 * (http/bearer.ts: a token cannot add a device that would receive the user's replies):
 *
 *   GET    /api/push/key           the VAPID public key a browser subscribes with
 *   GET    /api/push/devices       the caller's devices (never their endpoints)
 *   POST   /api/push/devices       { subscription: PushSubscriptionJSON, label? } -> 201 the device
 *   DELETE /api/push/devices/:id   stop notifying that device; someone else's is 404
 *   POST   /api/push/test          a test notification to every device of the caller
 *
 * The endpoint must name a browser's push service (adapters/push/config.ts): the server POSTs to
 * it, so an arbitrary URL would make it a request forger.
 */
import Router from '@koa/router';
import { z } from 'zod';
import type { Logger } from '@adapters/logging';
import type { Projector } from '@adapters/projections-sqlite';
import type { PushSender } from '@adapters/push';
import { findPushDevice, pushDevicesOf, pushDeviceView } from '@adapters/read-models/push';
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventStore } from '@core/eventstore/types';
import { PUSH_MESSAGES, pushDecider, pushDeviceViewSchema, pushStream, pushSubscriptionInputSchema, type PushCommand, type PushMessage } from '@core/push';
import { AppError } from '@core/shared/errors';
import { commandOptions } from '../commands';
import { body, noBody, responds, validated } from '../http/validate';
import { currentUser, requireUser } from '../http/guards';
import { commandContext } from '../http/present';
import { idParam, settle } from '../http/route-helpers';

export interface PushRouteDeps {
  store: EventStore;
  projector: Projector;
  logger: Logger;
  readModelWaitMs?: number;
  clock: () => Date;
  push: PushSender | null;
}

const notFound = () => new AppError('not_found', PUSH_MESSAGES.notFound, { reason: 'PUSH_DEVICE_NOT_FOUND' });
const unavailable = () => new AppError('unavailable', PUSH_MESSAGES.unavailable, { reason: 'PUSH_UNAVAILABLE' });

export const pushRoutes = (deps: PushRouteDeps): Router => {
  const router = new Router({ prefix: '/api/push', sensitive: true, strict: true });
  const db = () => deps.projector.db;
  const sender = (): PushSender => deps.push ?? (() => { throw unavailable(); })();
  const exec = async (ctx: Parameters<typeof commandContext>[0], command: PushCommand) => {
    const result = await handleCommand(deps.store, pushStream(command.userId), pushDecider, command, commandOptions(commandContext(ctx), deps.clock));
    await settle(deps, result.position);
  };

  router.get('/key', requireUser, responds(200, z.object({ publicKey: z.string() })), (ctx) => {
    ctx.body = { publicKey: sender().publicKey };
  });

  router.get('/devices', requireUser, responds(200, z.array(pushDeviceViewSchema)), (ctx) => {
    ctx.body = pushDevicesOf(db(), currentUser(ctx).id).map(pushDeviceView);
  });

  router.post('/devices', requireUser, body(pushSubscriptionInputSchema), responds(201, pushDeviceViewSchema, 'The device, notified from now on'), async (ctx) => {
    const user = currentUser(ctx);
    const { subscription, label } = validated(ctx, pushSubscriptionInputSchema);
    if (!sender().allows(subscription.endpoint)) {
      throw new AppError('validation', PUSH_MESSAGES.hostRefused(new URL(subscription.endpoint).host), { field: 'subscription.endpoint', reason: 'PUSH_SERVICE_REFUSED' });
    }
    const device = { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, label: label ?? '' };
    await exec(ctx, { type: 'Subscribe', userId: user.id, device, now: deps.clock().toISOString() });
    const stored = pushDevicesOf(db(), user.id).find((d) => d.endpoint === device.endpoint);
    ctx.status = 201;
    ctx.body = pushDeviceView(stored ?? { ...device, createdAt: deps.clock().toISOString() });
  });

  router.delete('/devices/:id', requireUser, responds(204, null, 'The device gets no more notifications'), async (ctx) => {
    const user = currentUser(ctx);
    const device = findPushDevice(db(), user.id, idParam(ctx, notFound));
    if (device === null) throw notFound();
    await exec(ctx, { type: 'Unsubscribe', userId: user.id, endpoint: device.endpoint, now: deps.clock().toISOString() });
    ctx.status = 204;
  });

  router.post('/test', requireUser, noBody, responds(200, z.object({ sent: z.number(), failed: z.number() }), 'How many devices took it'), async (ctx) => {
    const user = currentUser(ctx);
    const push = sender();
    const message: PushMessage = {
      kind: 'ready',
      replyId: 'test',
      title: 'Riposte notifications work',
      body: 'This device will be told when a reply is ready to post or did not go out.',
      url: '/settings',
      tag: 'riposte-test',
    };
    let sent = 0;
    let failed = 0;
    for (const device of pushDevicesOf(db(), user.id)) {
      const outcome = await push.send(device, message);
      if (outcome.kind === 'sent') sent += 1;
      else {
        failed += 1;
        if (outcome.kind === 'gone') await exec(ctx, { type: 'DropGone', userId: user.id, endpoint: device.endpoint, now: deps.clock().toISOString() });
      }
    }
    ctx.body = { sent, failed };
  });

  return router;
};
