/**
 * A cap on how deeply a JSON body nests. JSON.parse accepts any depth within the 100 kB body cap
 * (50,000 nested arrays fit), but anything that walks the value recursively afterwards, such as
 * JSON.stringify for a request fingerprint, overflows the stack on it and fails as a 500. No API
 * body needs more than a few levels, so a deeper one is refused once, here, as bad input.
 */
import type { Middleware } from 'koa';
import { AppError } from '@core/shared/errors';

export const MAX_JSON_DEPTH = 32;

/** How deeply `value` nests (a scalar is 0), counted without recursion; stops past `limit`. */
export const jsonDepth = (value: unknown, limit = Number.POSITIVE_INFINITY): number => {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, inner]);
  }
  return deepest;
};

export const jsonDepthLimit =
  (limit = MAX_JSON_DEPTH): Middleware =>
  async (ctx, next) => {
    if (jsonDepth(ctx.request.body, limit) > limit) {
      throw new AppError('validation', `The request body is nested too deeply (${limit} levels at most)`, { reason: 'JSON_TOO_DEEP' });
    }
    return next();
  };
