/**
 * Outermost middleware: a request id (the client's X-Request-Id when it is a plain token, else a
 * new UUID) echoed in the response, a child logger carrying it, and one log line per request.
 * The line holds chosen fields only (never bodies or headers), and secret-looking query values
 * and anything shaped like a token are replaced (@adapters/logging redactUrl).
 */
import { PROBE_PATHS } from './server-paths';
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { plainTwinOf, redactUrl, type Logger } from '@adapters/logging';
import type { RiposteState } from './types';

/** A function, not `ctx.state.user?.id` inline: TS would keep the `= null` narrowing from above. */
const signedInUserId = (state: RiposteState): string | null => state.user?.id ?? null;

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Probes would drown the log at info level. */
const QUIET = new Set(PROBE_PATHS);

export const requestContext = (logger: Logger): Middleware => {
  const lines = plainTwinOf(logger);
  return async (ctx, next) => {
  const incoming = ctx.get('X-Request-Id');
  const requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = requestId;
  // Made on first use: most requests log nothing but their request line.
  let log: Logger | undefined;
  Object.defineProperty(ctx.state, 'log', {
    configurable: true,
    enumerable: true,
    get: () => (log ??= logger.child({ requestId })),
    set: (value: Logger) => {
      log = value;
    },
  });
  ctx.state.user = null;
  ctx.state.token = null;
  ctx.set('X-Request-Id', requestId);
  const started = performance.now();
  try {
    await next();
  } finally {
    const line = {
      requestId,
      method: ctx.method,
      url: redactUrl(ctx.originalUrl),
      status: ctx.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: signedInUserId(ctx.state),
      ip: ctx.ip,
    };
    if (QUIET.has(ctx.path)) lines.debug(line, 'request');
    else lines.info(line, 'request');
  }
  };
};
