/**
 * Schedules (spec part 2 §7): the list, the template-based and classic creates, delete, a
 * schedule's replies; the V2 list, create and image upload; the bulk calls (one entry, or a batch
 * that creates all or none); and GET /uploads/<file>, the uploaded images served back.
 *
 * Every call is the signed-in user's own: another user's schedule, connected account, template
 * or group answers 404 like an id that never existed, and targets must be visible to the user.
 * Writes wait for the read model and answer with the fresh schedule. Reference: docs/api.md.
 */
import { Readable } from 'node:stream';
import Router from '@koa/router';
import { z } from 'zod';
import { findSchedule, listSchedules, listSchedulesPage, type ScheduleReplyView, type ScheduleView } from '@adapters/read-models/scheduling';
import { scheduleReplyViewSchema, scheduleViewSchema } from '@core/scheduling/views';
import { scheduleRepliesPage } from '@adapters/read-models/replies';
import { findTemplate } from '@adapters/read-models/templates';
import { scheduleWarnings, type ScheduleWarning } from '@core/scheduling/identical';
import { postUrlOrNull } from '@core/x';
import type { Context, Middleware } from 'koa';
import { uploadFileNameOf, UPLOADS_PATH, imageUrlOf } from '@core/images';
import {
  bulkBatchSchema,
  scheduleImportSchema,
  bulkEntryPayloadSchema,
  draftFromBulkPayload,
  classicSchedulePayloadSchema,
  draftFromSchedulePayload,
  classicPayloadSelector,
  templateSchedulePayloadSchema,
  draftFromV2,
  moveSchedulePayloadSchema,
  SCHEDULE_MESSAGES,
  v2ScheduleSchema,
  type ScheduleContext,
} from '@core/scheduling';
import { requireMaySchedule } from '@core/scheduling/access';
import { AppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import type { AppDeps } from '../deps';
import { body, bodyChoice, bodyVariants, noBody, opaqueBody, query, responds, validated } from '../http/validate';
import type { Position } from '@core/eventstore/types';
import { isScheduleEdit, scheduleEditSchema } from '@core/scheduling/schemas/edit';
import { answerPage } from '../http/paging';
import { listPageQuerySchema } from '@core/shared/paging';
import { answerPending, answerWritten, idParam, PENDING_MESSAGE, pendingSchema, readBack, settle } from '../http/route-helpers';
import { currentUser, requireUser } from '../http/guards';
import { conditional, tag } from '../http/revision';
import { scheduleStream } from '@core/scheduling/schedule';
import type { ScheduleWritten } from './service';

/** 100 schedules an answer unless the client asks for another number (up to 500). */
const schedulePageQuery = listPageQuerySchema;
import { createUploader, UPLOAD_MESSAGES, UploadRefused } from './upload';
import { createUploadGate, diskSpaceOf } from './upload-limits';
import { commandContext } from '../http/present';

// Schedule ids are UUIDs we made; anything else cannot name one.
const notFound = () => new AppError('not_found', SCHEDULE_MESSAGES.notFound, { reason: 'SCHEDULE_NOT_FOUND' });

export const V2_SCHEDULED_MESSAGE = 'Reply scheduled successfully';

// What the schedule calls answer (the OpenAPI document's response schemas, checked against real answers).
const mentionsRemoved = { mentionsRemoved: z.array(z.string()) };
/** Schedules that repeat the text of one made before (core/scheduling/identical.ts): told, not refused. */
const warningsField = {
  warnings: z.array(z.object({ kind: z.enum(['identical', 'same_text']), scheduleId: z.string(), otherScheduleId: z.string(), message: z.string() })),
};
/** A created schedule (201), with the @mentions its text lost; or 202 with its id while the read side catches up. */
const createdSchedule = [
  responds(201, scheduleViewSchema.extend(mentionsRemoved).extend(warningsField), 'The schedule as it now reads'),
  responds(202, pendingSchema.extend(mentionsRemoved), 'Stored; the read side has not caught up yet (GET the Location)'),
];

export const scheduleRoutes = (deps: AppDeps): Router => {
  const router = new Router({ sensitive: true, strict: true });
  const db = () => deps.projector.db;
  const tierConfig = { legacyUsernames: deps.config.legacyUsernames };
  const context = (user: User): ScheduleContext => ({ now: deps.clock().toISOString(), timeZone: user.timeZone });
  // A clear refusal before the payload is even read (trial over; bulk on the trial).
  const mayCreate = (user: User, bulk = false) => requireMaySchedule(user, deps.clock(), tierConfig, { bulk });
  /** The plan check as a step, so it still comes before the body's (402 before 400). */
  const creating =
    (bulk = false): Middleware =>
    async (ctx, next) => {
      mayCreate(currentUser(ctx), bulk);
      return next();
    };

  /** The schedule as the read side shows it after the write, or null while it has not caught up. */
  const fresh = async (userId: string, written: ScheduleWritten): Promise<(ScheduleView & { mentionsRemoved: string[] }) | null> => {
    const view = await readBack(deps, written, () => findSchedule(db(), userId, written.id));
    return view === null ? null : { ...view, mentionsRemoved: written.mentionsRemoved };
  };
  const locationOf = (id: string) => `/api/schedules/${id}`;
  /** What the schedules just made repeat of the user's others (read once they are readable). */
  const warningsOf = (userId: string, ids: readonly string[]): ScheduleWarning[] => {
    const all = listSchedules(db(), userId);
    const byId = new Map(all.map((s) => [s.id, s]));
    const made = ids.flatMap((id) => byId.get(id) ?? []);
    const templateText = (id: string) => {
      const t = findTemplate(db(), userId, id);
      return t === null || t.useAI ? null : t.content;
    };
    return scheduleWarnings(made, all, templateText);
  };
  /** 201 with the schedule (and its warnings), or 202 with its id while the read side catches up. */
  const answerCreated = async (ctx: Context, userId: string, written: ScheduleWritten) => {
    const view = await fresh(userId, written);
    const warnings = view === null ? [] : warningsOf(userId, [written.id]);
    await answerWritten(ctx, deps, written, {
      find: () => findSchedule(db(), userId, written.id),
      location: locationOf(written.id),
      status: 201,
      extra: { mentionsRemoved: written.mentionsRemoved, warnings },
    });
  };

  // ---- the Schedules list and the classic page ------------------------------------------------

  // The latest run's reply gets its link on X here: the read model does not know X's web address.
  const webUrl = () => deps.x.app?.webUrl ?? 'https://x.com';
  const withRunLink = (view: ScheduleView): ScheduleView => {
    const run = view.latestRun;
    const replyUrl = run === null ? null : postUrlOrNull(webUrl(), run.connectedUsername, run.replyPostId);
    return run === null || replyUrl === null ? view : { ...view, latestRun: { ...run, replyUrl } };
  };

  // Paged (core/shared/paging.ts): at most `limit` schedules an answer, the next page's cursor in
  // X-Next-Cursor; the web app and the CLI follow it to show the whole list.
  const schedulePage = (ctx: Context) => {
    return answerPage(ctx, ({ offset, limit }) => listSchedulesPage(db(), currentUser(ctx).id, offset, limit)).map(withRunLink);
  };
  router.get('/api/schedules', requireUser, query(schedulePageQuery), responds(200, z.array(scheduleViewSchema)), (ctx) => {
    ctx.body = schedulePage(ctx);
  });

  router.get('/api/schedules/:id', requireUser, responds(200, scheduleViewSchema), (ctx) => {
    const view = findSchedule(db(), currentUser(ctx).id, idParam(ctx, notFound));
    if (view === null) throw notFound();
    tag(ctx, deps, scheduleStream(view.id));
    ctx.body = withRunLink(view);
  });

  /** A write of one existing schedule: If-Match checked against its stream, 412 with the schedule as it is. */
  const ifMatch = conditional(deps, {
    stream: (ctx) => scheduleStream(idParam(ctx, notFound)),
    current: (ctx) => {
      const view = findSchedule(db(), currentUser(ctx).id, idParam(ctx, notFound));
      return view === null ? null : withRunLink(view);
    },
    notFound,
  });

  // The classic payload (conditions) or the template one, told apart by the body (core/scheduling/drafts).
  const schedulePayload = bodyChoice(classicPayloadSelector, classicSchedulePayloadSchema, templateSchedulePayloadSchema);
  router.post('/api/schedules', requireUser, deps.idempotency.guard('POST /api/schedules'), schedulePayload, ...createdSchedule, async (ctx) => {
    const user = currentUser(ctx);
    mayCreate(user);
    const draft = draftFromSchedulePayload(ctx.request.body, context(user));
    await answerCreated(ctx, user.id, await deps.schedules.create(user, draft, commandContext(ctx)));
  });

  router.delete('/api/schedules/:id', requireUser, ...ifMatch, responds(204, null, 'Deleted'), async (ctx) => {
    const user = currentUser(ctx);
    await settle(deps, await deps.schedules.remove(user.id, idParam(ctx, notFound), commandContext(ctx)));
    ctx.status = 204;
  });

  /** The schedule as it now reads, once the read side has passed the write (404 when it is not the caller's). */
  const answerSchedule = async (ctx: Context, userId: string, id: string, position: Position | null, extra: Record<string, unknown> = {}) => {
    await settle(deps, position);
    const view = findSchedule(db(), userId, id);
    if (view === null) throw notFound();
    ctx.body = { ...withRunLink(view), ...extra };
  };

  // `{ connectedAccountId }` alone moves the schedule to another connected account (from its next
  // run on: what frees an account for Disconnect); any other field makes it an edit
  // (core/scheduling/schemas/edit.ts): what is named replaces what the schedule has, and the next
  // runs follow from the result.
  const patchBody = bodyVariants([moveSchedulePayloadSchema, scheduleEditSchema], (raw) => (isScheduleEdit(raw) ? scheduleEditSchema : moveSchedulePayloadSchema));
  router.patch('/api/schedules/:id', requireUser, ...ifMatch, patchBody, responds(200, scheduleViewSchema.extend(mentionsRemoved)), async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, notFound);
    if (isScheduleEdit(ctx.request.body)) {
      const written = await deps.schedules.edit(user, id, validated(ctx, scheduleEditSchema), commandContext(ctx));
      return answerSchedule(ctx, user.id, id, written.position, { mentionsRemoved: written.mentionsRemoved });
    }
    const { connectedAccountId } = validated(ctx, moveSchedulePayloadSchema);
    await answerSchedule(ctx, user.id, id, await deps.schedules.move(user.id, id, connectedAccountId, commandContext(ctx)), { mentionsRemoved: [] });
  });

  // Pause (no runs until resumed; a run being prepared right now is refused, 409 RUN_IN_PROGRESS)
  // and resume (from the next run still ahead, or the plan's next from now).
  for (const [action, paused] of [['pause', true], ['resume', false]] as const) {
    router.post(`/api/schedules/:id/${action}`, requireUser, ...ifMatch, noBody, responds(200, scheduleViewSchema), async (ctx) => {
      const user = currentUser(ctx);
      const id = idParam(ctx, notFound);
      await answerSchedule(ctx, user.id, id, await deps.schedules.setPaused(user.id, id, paused, commandContext(ctx)));
    });
  }

  router.get('/api/schedules/:id/replies', requireUser, query(schedulePageQuery), responds(200, z.array(scheduleReplyViewSchema)), (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, notFound);
    if (findSchedule(db(), user.id, id) === null) throw notFound();
    const replies: (ScheduleReplyView & { statusMessage: string | null })[] = answerPage(ctx, (window) => scheduleRepliesPage(db(), user.id, id, window)).map((r) => ({
      id: r.id,
      postId: r.postId,
      replyPostId: r.replyPostId,
      content: r.content,
      status: r.status,
      statusMessage: r.statusMessage,
      sentAt: r.sentAt,
      replyUrl: postUrlOrNull(webUrl(), r.connectedUsername, r.replyPostId),
      postCreatedAt: r.postCreatedAt,
      intentUrl: r.intentUrl,
    }));
    ctx.body = replies;
  });

  // ---- V2 -------------------------------------------------------------------------------------

  router.get('/api/v2/schedules', requireUser, query(schedulePageQuery), responds(200, z.object({ schedules: z.array(scheduleViewSchema) })), (ctx) => {
    ctx.body = { schedules: schedulePage(ctx) };
  });

  router.post('/api/v2/schedule', requireUser, deps.idempotency.guard('POST /api/v2/schedule'), creating(), body(v2ScheduleSchema), async (ctx) => {
    const user = currentUser(ctx);
    const draft = draftFromV2(validated(ctx, v2ScheduleSchema));
    const written = await deps.schedules.create(user, draft, commandContext(ctx));
    const schedule = await fresh(user.id, written);
    if (schedule === null) {
      return answerPending(ctx, { id: written.id, location: locationOf(written.id) }, { schedule: null, mentionsRemoved: written.mentionsRemoved });
    }
    ctx.status = 201;
    ctx.set('Location', locationOf(written.id));
    ctx.body = { success: true, message: V2_SCHEDULED_MESSAGE, schedule, mentionsRemoved: schedule.mentionsRemoved, warnings: warningsOf(user.id, [written.id]) };
  });

  const uploader = createUploader({
    store: deps.images,
    gate: createUploadGate({ images: deps.images, limits: deps.config.uploads, disk: () => diskSpaceOf(deps.config.dataDir), ...(deps.counters ? { counters: deps.counters } : {}) }),
  });

  router.post('/api/v2/upload-image', requireUser, opaqueBody('multipart/form-data', "One image file in the form field 'image' (PNG, JPEG, GIF or WebP)."), async (ctx) => {
    const user = currentUser(ctx);
    mayCreate(user);
    try {
      const image = await uploader.receive(ctx.req, user.id, deps.clock().toISOString());
      ctx.status = 201;
      ctx.body = { success: true, imageUrl: imageUrlOf(image), message: UPLOAD_MESSAGES.uploaded };
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      ctx.status = error.status;
      ctx.body = { success: false, message: error.message, error: error.message, field: 'image', code: error.reason };
      if (error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.retryAfterSeconds));
      // The rest of a refused body is not read: close the connection rather than drain it.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
    }
  });

  // ---- Bulk -----------------------------------------------------------------------------------

  // One entry is one schedule (the CLI's `schedules create` sends it): the trial may, as on Classic
  // and V2; batches and imports are what Premium adds.
  router.post('/api/bulk-replies', requireUser, deps.idempotency.guard('POST /api/bulk-replies'), creating(), body(bulkEntryPayloadSchema), ...createdSchedule, async (ctx) => {
    const user = currentUser(ctx);
    const draft = draftFromBulkPayload(validated(ctx, bulkEntryPayloadSchema), context(user));
    await answerCreated(ctx, user.id, await deps.schedules.create(user, draft, commandContext(ctx)));
  });

  /** Each entry drafted; an error names its entry ('entries.3.scheduledDate'). */
  const draftsOf = (user: User, entries: Parameters<typeof draftFromBulkPayload>[0][]) => {
    const at = context(user);
    return entries.map((entry, index) => {
      try {
        return draftFromBulkPayload(entry, at);
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError(error.code, error.message, {
            field: `entries.${index}${error.field ? `.${error.field}` : ''}`,
            ...(error.reason ? { reason: error.reason } : {}),
          });
        throw error;
      }
    });
  };

  const batchAnswers = [
    responds(
      201,
      z.object({ success: z.literal(true), message: z.string(), schedules: z.array(scheduleViewSchema.extend(mentionsRemoved)), ...mentionsRemoved, ...warningsField }),
      'Every entry scheduled',
    ),
    responds(202, z.object({ success: z.literal(true), pending: z.literal(true), ids: z.array(z.string()), message: z.string(), ...mentionsRemoved }), 'Stored; the read side has not caught up yet'),
  ];
  router.post('/api/bulk-replies/batch', requireUser, deps.idempotency.guard('POST /api/bulk-replies/batch'), creating(true), body(bulkBatchSchema), ...batchAnswers, async (ctx) => {
    const user = currentUser(ctx);
    const { entries } = validated(ctx, bulkBatchSchema);
    const drafts = draftsOf(user, entries);
    const written = await deps.schedules.createBatch(user, drafts, commandContext(ctx));
    const mentionsRemoved = [...new Set(written.flatMap((w) => w.mentionsRemoved))];
    const schedules = [];
    for (const w of written) {
      const view = await fresh(user.id, w);
      if (view === null) {
        // Stored all together; readable all together once the read side has caught up.
        ctx.status = 202;
        ctx.body = { success: true, pending: true, ids: written.map((x) => x.id), message: PENDING_MESSAGE, mentionsRemoved };
        return;
      }
      schedules.push(view);
    }
    ctx.status = 201;
    ctx.body = { success: true, message: SCHEDULE_MESSAGES.bulkScheduled, schedules, mentionsRemoved, warnings: warningsOf(user.id, written.map((w) => w.id)) };
  });

  // The CLI's `schedules import`: a whole file of bulk entries, all or none (one transaction), or a
  // dry run that checks every entry and writes nothing.
  const importCounted = z.object({ success: z.literal(true), dryRun: z.boolean(), count: z.number().int() });
  const imported = [
    responds(200, importCounted.extend({ dryRun: z.literal(true), message: z.string() }), 'A dry run: every entry checked, nothing written'),
    responds(201, importCounted.extend({ dryRun: z.literal(false), ids: z.array(z.string()), ...warningsField }), 'Every entry scheduled'),
    responds(202, importCounted.extend({ dryRun: z.literal(false), ids: z.array(z.string()), pending: z.literal(true), message: z.string() }), 'Stored; the read side has not caught up yet'),
  ];
  router.post('/api/schedules/import', requireUser, deps.idempotency.guard('POST /api/schedules/import'), creating(true), body(scheduleImportSchema), ...imported, async (ctx) => {
    const user = currentUser(ctx);
    const { entries, dryRun } = validated(ctx, scheduleImportSchema);
    const written = await deps.schedules.createBatch(user, draftsOf(user, entries), commandContext(ctx), { dryRun });
    if (dryRun) {
      ctx.body = { success: true, dryRun: true, count: written.length, message: `${written.length} replies would be scheduled` };
      return;
    }
    const last = written.at(-1);
    const settled = last === undefined ? true : await settle(deps, last.position);
    ctx.status = settled ? 201 : 202;
    const ids = written.map((w) => w.id);
    ctx.body = { success: true, dryRun: false, count: written.length, ids, ...(settled ? { warnings: warningsOf(user.id, ids) } : { pending: true, message: PENDING_MESSAGE }) };
  });

  // ---- uploaded images ------------------------------------------------------------------------

  router.get(`${UPLOADS_PATH}:file`, requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const fileName = uploadFileNameOf(`${UPLOADS_PATH}${(ctx.params as { file?: string }).file ?? ''}`);
    const opened = fileName === null ? null : await deps.images.open(fileName);
    // Someone else's image is not found, exactly like one that never existed (admins see all).
    if (opened === null || (opened.image.ownerId !== user.id && user.role !== 'admin')) {
      if (opened !== null) (opened.data as Readable).destroy?.();
      throw new AppError('not_found', 'Image not found', { reason: 'IMAGE_NOT_FOUND' });
    }
    const { image } = opened;
    ctx.type = image.contentType;
    ctx.length = image.size;
    ctx.set('Content-Disposition', `inline; filename="${image.fileName}"`);
    // Only the owner's browser may keep it, and only briefly: a session that ends, an account
    // deactivated or an image removed must not leave a copy usable for a year.
    ctx.set('Cache-Control', 'private, max-age=300');
    // Even if a browser were talked into rendering it as a document, nothing in it may run.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.body = opened.data instanceof Readable ? opened.data : Readable.from(opened.data);
  });

  return router;
};
