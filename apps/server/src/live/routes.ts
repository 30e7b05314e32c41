/**
 * GET /api/live: server-sent events for the signed-in user's open pages (EventSource). Events:
 * `replies` with the ids of the caller's replies that changed; a comment line every 25 s keeps
 * proxies from closing the stream. Asked for anything but text/event-stream it answers 400. At most LIVE_LIMITS.perUser streams per user (429 beyond).
 */
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import { AppError } from '@core/shared/errors';
import { currentUser, requireUser } from '../http/guards';
import { responds } from '../http/validate';
import { LIVE_LIMITS, type LiveHub, type LiveListener } from './hub';

/** The event stream's path; the read share leaves it to the live hub's own bound. */
export const LIVE_PATH = '/api/live';

export const liveRoutes = (deps: { hub: LiveHub }): Router => {
  const router = new Router({ sensitive: true, strict: true });

  router.get(LIVE_PATH, requireUser, responds(200, null, 'A text/event-stream of `replies` events ({ ids })'), (ctx) => {
    const user = currentUser(ctx);
    // Only an EventSource (which asks for text/event-stream) gets a stream that stays open.
    if (!(ctx.get('Accept') ?? '').includes('text/event-stream')) {
      throw new AppError('validation', 'This is a stream of server-sent events: ask for text/event-stream', { field: 'Accept', reason: 'EVENT_STREAM_ONLY' });
    }
    const stream = new PassThrough();
    const listener: LiveListener = {
      userId: user.id,
      send: (event, data) => void stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    };
    if (!deps.hub.add(listener)) {
      throw new AppError('rate_limited', `At most ${LIVE_LIMITS.perUser} pages of yours can follow live updates at once; close one`, { reason: 'TOO_MANY_LIVE_STREAMS' });
    }
    const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), LIVE_LIMITS.keepAliveMs);
    const end = () => {
      clearInterval(keepAlive);
      deps.hub.remove(listener);
      stream.end();
    };
    ctx.req.on('close', end);
    ctx.req.socket.setTimeout(0);
    ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no', Connection: 'keep-alive' });
    ctx.status = 200;
    ctx.body = stream;
    stream.write('retry: 5000\n: connected\n\n');
  });

  return router;
};
