/**
 * Templates and template groups (spec part 2 §7): a signed-in user lists and changes their own;
 * anyone else's id answers 404 exactly like an id that never existed.
 *
 * Writes go through the deciders (apps/server/src/templates/service.ts), then wait for the local
 * projections to pass the write and answer with the fresh row. Template answers carry
 * `mentionsRemoved` (the @mentions stripped from the content just sent) so the page can show the
 * spec's 5-second warning.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { isOwnUpload } from '@core/images';
import { AppError } from '@core/shared/errors';
import {
  TEMPLATE_MESSAGES,
  templateGroupInputSchema,
  templateGroupPatchSchema,
  templateInputSchema,
  templateOrderSchema,
  templatePatchSchema,
} from '@core/templates';
import { stripMentions } from '@core/text/mentions';
import { parseOrThrow } from '@core/shared/parse';
import { answerPending, settle, type AppDeps } from '../deps';
import { currentUser, requireUser } from '../http/guards';
import { findTemplate, findTemplateGroup, listTemplateGroups, listTemplates } from '../templates/read';
import type { Written } from '../commands';
import { commandContext } from './present';

// Ids are UUIDs we made; anything else cannot name a template, so it is simply not found.
const ID = /^[A-Za-z0-9-]{1,64}$/;

const templateNotFound = () => new AppError('not_found', TEMPLATE_MESSAGES.notFound, { reason: 'TEMPLATE_NOT_FOUND' });
const groupNotFound = () => new AppError('not_found', TEMPLATE_MESSAGES.groupNotFound, { reason: 'TEMPLATE_GROUP_NOT_FOUND' });

const idParam = (ctx: Context, notFound: () => AppError): string => {
  const id = (ctx.params as { id?: string }).id ?? '';
  if (!ID.test(id)) throw notFound();
  return id;
};

/** Mentions the content of this request held (the decider stores the content without them). */
const mentionsIn = (content: string | undefined): string[] => (content === undefined ? [] : stripMentions(content, { field: 'content' }).removed);

export const templateRoutes = (deps: AppDeps): Router => {
  /** A template's image must be the user's own upload (the rule schedules follow too). */
  const checkImage = async (userId: string, imageUrl: string | null | undefined): Promise<void> => {
    if (imageUrl === null || imageUrl === undefined) return;
    if (!(await isOwnUpload(deps.images, userId, imageUrl)))
      throw new AppError('validation', TEMPLATE_MESSAGES.imageNotFound, { field: 'imageUrl', reason: 'IMAGE_NOT_FOUND' });
  };

  const router = new Router({ prefix: '/api', sensitive: true, strict: true });
  const db = () => deps.projector.db;

  const afterWrite = async (written: Written) => settle(deps, written.position);
  /** The row as the read side shows it after the write, or null while it has not caught up. */
  const readBack = async <T>(written: Written, find: () => T | null): Promise<T | null> => ((await afterWrite(written)) ? find() : null);

  // ---- templates ----------------------------------------------------------------------------

  router.get('/templates', requireUser, (ctx) => {
    ctx.body = listTemplates(db(), currentUser(ctx).id);
  });

  router.get('/templates/:id', requireUser, (ctx) => {
    const template = findTemplate(db(), currentUser(ctx).id, idParam(ctx, templateNotFound));
    if (template === null) throw templateNotFound();
    ctx.body = template;
  });

  router.post('/templates', requireUser, deps.idempotency.guard('POST /api/templates'), async (ctx) => {
    const user = currentUser(ctx);
    const input = parseOrThrow(templateInputSchema, ctx.request.body);
    await checkImage(user.id, input.imageUrl);
    const written = await deps.templates.createTemplate(user.id, input, commandContext(ctx));
    const template = await readBack(written, () => findTemplate(db(), user.id, written.id));
    const mentionsRemoved = mentionsIn(input.content);
    if (template === null) return answerPending(ctx, { id: written.id, location: `/api/templates/${written.id}` }, { mentionsRemoved });
    ctx.status = 201;
    ctx.set('Location', `/api/templates/${written.id}`);
    ctx.body = { ...template, mentionsRemoved };
  });

  router.put('/templates/:id', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, templateNotFound);
    const changes = parseOrThrow(templatePatchSchema, ctx.request.body);
    await checkImage(user.id, changes.imageUrl);
    const written = await deps.templates.updateTemplate(user.id, id, changes, commandContext(ctx));
    const template = await readBack(written, () => findTemplate(db(), user.id, id));
    const mentionsRemoved = mentionsIn(changes.content);
    if (template === null) return answerPending(ctx, { id, location: `/api/templates/${id}` }, { mentionsRemoved });
    ctx.body = { ...template, mentionsRemoved };
  });

  router.delete('/templates/:id', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, templateNotFound);
    await afterWrite(await deps.templates.deleteTemplate(user.id, id, commandContext(ctx)));
    ctx.body = { success: true, id };
  });

  // ---- template groups ----------------------------------------------------------------------

  router.get('/template-groups', requireUser, (ctx) => {
    ctx.body = listTemplateGroups(db(), currentUser(ctx).id);
  });

  router.get('/template-groups/:id', requireUser, (ctx) => {
    const group = findTemplateGroup(db(), currentUser(ctx).id, idParam(ctx, groupNotFound));
    if (group === null) throw groupNotFound();
    ctx.body = group;
  });

  const answerGroup = async (ctx: Context, userId: string, written: Written, status = 200) => {
    const group = await readBack(written, () => findTemplateGroup(db(), userId, written.id));
    const location = `/api/template-groups/${written.id}`;
    if (group === null) return answerPending(ctx, { id: written.id, location });
    ctx.status = status;
    if (status === 201) ctx.set('Location', location);
    ctx.body = group;
  };

  router.post('/template-groups', requireUser, deps.idempotency.guard('POST /api/template-groups'), async (ctx) => {
    const user = currentUser(ctx);
    const input = parseOrThrow(templateGroupInputSchema, ctx.request.body);
    await answerGroup(ctx, user.id, await deps.templates.createGroup(user.id, input, commandContext(ctx)), 201);
  });

  router.put('/template-groups/:id', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, groupNotFound);
    const changes = parseOrThrow(templateGroupPatchSchema, ctx.request.body);
    await answerGroup(ctx, user.id, await deps.templates.updateGroup(user.id, id, changes, commandContext(ctx)));
  });

  router.put('/template-groups/:id/templates', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, groupNotFound);
    const { templateIds } = parseOrThrow(templateOrderSchema, ctx.request.body);
    await answerGroup(ctx, user.id, await deps.templates.setGroupTemplates(user.id, id, templateIds, commandContext(ctx)));
  });

  router.delete('/template-groups/:id', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, groupNotFound);
    await afterWrite(await deps.templates.deleteGroup(user.id, id, commandContext(ctx)));
    ctx.body = { success: true, id };
  });

  return router;
};
