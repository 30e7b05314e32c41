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
import { z } from 'zod';
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
import { body, query, responds, validated } from '../http/validate';
import { answerPage } from '../http/paging';
import type { AppDeps } from '../deps';
import { answerWritten, idParam, pendingSchema, settle } from '../http/route-helpers';
import { templateGroupViewSchema, templateViewSchema } from '@core/templates/views';
import { currentUser, requireUser } from '../http/guards';
import { findTemplate, findTemplateGroup, listTemplateGroupsPage, listTemplatesPage } from '@adapters/read-models/templates';
import { listPageQuerySchema } from '@core/shared/paging';
import type { Written } from '../commands';
import { commandContext } from '../http/present';
import { conditional, tag } from '../http/revision';
import { templateStream } from '@core/templates/template';
import { templateGroupStream } from '@core/templates/group';

// Ids are UUIDs we made; anything else cannot name a template, so it is simply not found.
const templateNotFound = () => new AppError('not_found', TEMPLATE_MESSAGES.notFound, { reason: 'TEMPLATE_NOT_FOUND' });
const groupNotFound = () => new AppError('not_found', TEMPLATE_MESSAGES.groupNotFound, { reason: 'TEMPLATE_GROUP_NOT_FOUND' });

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


  // What the calls answer (the OpenAPI document's response schemas): a write answers the row as it
  // now reads, or 202 with its id while the read side catches up; a delete, its id.
  const writtenGroup = (status: 200 | 201) => [responds(status, templateGroupViewSchema, 'The group as it now reads'), responds(202, pendingSchema, 'Stored; the read side has not caught up yet')];
  const deleted = responds(200, z.object({ success: z.literal(true), id: z.string() }), 'Deleted');
  // Writes of an existing template or group: If-Match against its stream (http/revision.ts).
  const templateIfMatch = conditional(deps, {
    stream: (ctx) => templateStream(idParam(ctx, templateNotFound)),
    current: (ctx) => findTemplate(db(), currentUser(ctx).id, idParam(ctx, templateNotFound)),
    notFound: templateNotFound,
  });
  const groupIfMatch = conditional(deps, {
    stream: (ctx) => templateGroupStream(idParam(ctx, groupNotFound)),
    current: (ctx) => findTemplateGroup(db(), currentUser(ctx).id, idParam(ctx, groupNotFound)),
    notFound: groupNotFound,
  });

  // ---- templates ----------------------------------------------------------------------------

  // Paged (core/shared/paging.ts): the web app and the CLI follow X-Next-Cursor to the whole list.
  router.get('/templates', requireUser, query(listPageQuerySchema), responds(200, z.array(templateViewSchema)), (ctx) => {
    ctx.body = answerPage(ctx, (window) => listTemplatesPage(db(), currentUser(ctx).id, window));
  });

  router.get('/templates/:id', requireUser, responds(200, templateViewSchema), (ctx) => {
    const template = findTemplate(db(), currentUser(ctx).id, idParam(ctx, templateNotFound));
    if (template === null) throw templateNotFound();
    tag(ctx, deps, templateStream(template.id));
    ctx.body = template;
  });

  const mentionsRemoved = { mentionsRemoved: z.array(z.string()) };
  const createdTemplate = [
    responds(201, templateViewSchema.extend(mentionsRemoved), 'The template as it now reads, with the @mentions its text lost'),
    responds(202, pendingSchema.extend(mentionsRemoved), 'Stored; the read side has not caught up yet (GET the Location)'),
  ];
  const updatedTemplate = [
    responds(200, templateViewSchema.extend(mentionsRemoved), 'The template as it now reads, with the @mentions its text lost'),
    responds(202, pendingSchema.extend(mentionsRemoved), 'Stored; the read side has not caught up yet'),
  ];
  router.post('/templates', requireUser, deps.idempotency.guard('POST /api/templates'), body(templateInputSchema), ...createdTemplate, async (ctx) => {
    const user = currentUser(ctx);
    const input = validated(ctx, templateInputSchema);
    await checkImage(user.id, input.imageUrl);
    const written = await deps.templates.createTemplate(user.id, input, commandContext(ctx));
    await answerWritten(ctx, deps, written, {
      find: () => findTemplate(db(), user.id, written.id),
      location: `/api/templates/${written.id}`,
      status: 201,
      extra: { mentionsRemoved: mentionsIn(input.content) },
    });
  });

  router.put('/templates/:id', requireUser, ...templateIfMatch, body(templatePatchSchema), ...updatedTemplate, async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, templateNotFound);
    const changes = validated(ctx, templatePatchSchema);
    await checkImage(user.id, changes.imageUrl);
    const written = await deps.templates.updateTemplate(user.id, id, changes, commandContext(ctx));
    await answerWritten(ctx, deps, { id, position: written.position }, {
      find: () => findTemplate(db(), user.id, id),
      location: `/api/templates/${id}`,
      extra: { mentionsRemoved: mentionsIn(changes.content) },
    });
  });

  router.delete('/templates/:id', requireUser, ...templateIfMatch, deleted, async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, templateNotFound);
    await settle(deps, (await deps.templates.deleteTemplate(user.id, id, commandContext(ctx))).position);
    ctx.body = { success: true, id };
  });

  // ---- template groups ----------------------------------------------------------------------

  router.get('/template-groups', requireUser, query(listPageQuerySchema), responds(200, z.array(templateGroupViewSchema)), (ctx) => {
    ctx.body = answerPage(ctx, (window) => listTemplateGroupsPage(db(), currentUser(ctx).id, window));
  });

  router.get('/template-groups/:id', requireUser, responds(200, templateGroupViewSchema), (ctx) => {
    const group = findTemplateGroup(db(), currentUser(ctx).id, idParam(ctx, groupNotFound));
    if (group === null) throw groupNotFound();
    tag(ctx, deps, templateGroupStream(group.id));
    ctx.body = group;
  });

  const answerGroup = (ctx: Context, userId: string, written: Written, status: 200 | 201 = 200) =>
    answerWritten(ctx, deps, written, { find: () => findTemplateGroup(db(), userId, written.id), location: `/api/template-groups/${written.id}`, status });

  router.post('/template-groups', requireUser, deps.idempotency.guard('POST /api/template-groups'), body(templateGroupInputSchema), ...writtenGroup(201), async (ctx) => {
    const user = currentUser(ctx);
    const input = validated(ctx, templateGroupInputSchema);
    await answerGroup(ctx, user.id, await deps.templates.createGroup(user.id, input, commandContext(ctx)), 201);
  });

  router.put('/template-groups/:id', requireUser, ...groupIfMatch, body(templateGroupPatchSchema), ...writtenGroup(200), async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, groupNotFound);
    const changes = validated(ctx, templateGroupPatchSchema);
    await answerGroup(ctx, user.id, await deps.templates.updateGroup(user.id, id, changes, commandContext(ctx)));
  });

  router.put('/template-groups/:id/templates', requireUser, ...groupIfMatch, body(templateOrderSchema), ...writtenGroup(200), async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, groupNotFound);
    const { templateIds } = validated(ctx, templateOrderSchema);
    await answerGroup(ctx, user.id, await deps.templates.setGroupTemplates(user.id, id, templateIds, commandContext(ctx)));
  });

  router.delete('/template-groups/:id', requireUser, ...groupIfMatch, deleted, async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, groupNotFound);
    await settle(deps, (await deps.templates.deleteGroup(user.id, id, commandContext(ctx))).position);
    ctx.body = { success: true, id };
  });

  return router;
};
