/**
 * /api/admin/mailbox: the messages the local mail sink kept (sandbox mode, no RIPOSTE_SMTP_URL).
 * Admin only (the /api/admin guard and requireAdmin): the sink holds every user's reset links.
 * With SMTP configured there is no mailbox and the calls answer 404.
 */
import Router from '@koa/router';
import { AppError } from '@core/shared/errors';
import type { AppDeps } from '../deps';
import { requireAdmin } from '../http/guards';

const noMailbox = () => new AppError('not_found', 'There is no sandbox mailbox: mail goes out through SMTP', { reason: 'NO_MAILBOX' });
const notFound = () => new AppError('not_found', 'Message not found', { reason: 'MAIL_NOT_FOUND' });

export const mailboxRoutes = (deps: AppDeps): Router => {
  const router = new Router({ sensitive: true, strict: true });

  router.get('/api/admin/mailbox', requireAdmin, (ctx) => {
    const sink = deps.mail.sink;
    if (sink === null) throw noMailbox();
    ctx.body = { messages: sink.list(200) };
  });

  router.get('/api/admin/mailbox/:id', requireAdmin, (ctx) => {
    const sink = deps.mail.sink;
    if (sink === null) throw noMailbox();
    const message = sink.read(String(ctx.params.id));
    if (message === null) throw notFound();
    ctx.body = { message };
  });

  return router;
};
