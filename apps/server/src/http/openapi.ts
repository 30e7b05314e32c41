/**
 * The OpenAPI 3.1 document of the API, built from the routers themselves (docs/adr/0036): every
 * layer of every router is an operation; its method and path are the router's; what it accepts
 * is the zod schema its `body()` / `query()` step validates with (http/validate.ts), turned into
 * JSON Schema 2020-12 (the dialect of OpenAPI 3.1) by zod; who may call it follows from the same
 * facts the guards act on (requireUser / requireAdmin in the stack, the /api/admin family, the
 * token rules of http/bearer.ts); an `Idempotency-Key` header is listed where the idempotency
 * step is in the stack. Nothing here is a second description kept by hand, so a route added,
 * moved or re-validated changes the document with it.
 *
 * A success's answer is the zod schema the route notes with `responds(status, schema)` (written
 * next to the type the answer is built with, core/shared/response-schema.ts); routes without it
 * keep a generic 2XX. Errors are described once, as the `Error` component, from the schema the
 * error middleware answers with.
 */
import type Router from '@koa/router';
import { z } from 'zod';
import { missingScope } from '@core/tokens';
import { isSessionOnly } from './bearer';
import { CSRF_HEADER } from './csrf';
import { errorBodySchema } from './errors';
import { isAdminPath, requireAdmin, requireUser } from './guards';
import { IDEMPOTENCY_HEADER } from './idempotency';
import { NEXT_CURSOR_HEADER } from './paging';
import { sessionCookieName } from './session';
import { OPERATION_SUMMARIES } from './operation-summaries';
import { isProbePath } from './server-paths';
import { noteOf, type RouteNote } from './validate';

export const OPENAPI_PATH = '/api/openapi.json';
/** Who may call an operation, on each operation: 'public', 'user' or 'admin' (the guards' facts). */
export const ACCESS_EXTENSION = 'x-riposte-access';
/** On an unsafe operation that takes no body (noBody), so "no requestBody" is said, not forgotten. */
export const NO_BODY_EXTENSION = 'x-riposte-no-body';
export const DOCS_PATH = '/api/docs';

type Json = Record<string, unknown>;

/** One registered route, as the document and the coverage test see it. */
export interface RouteFacts {
  method: string;
  /** The router's path, `:id` style. */
  path: string;
  access: 'public' | 'user' | 'admin';
  /** Whether a personal access token may call it (http/bearer.ts), and the scope it needs. */
  tokenScope: 'read' | 'write' | 'admin' | null;
  body: z.ZodType | null;
  /** A body of one of several shapes (bodyVariants), told apart by `selector` when bodyChoice made it. */
  variants: readonly z.ZodType[] | null;
  selector: z.ZodType | null;
  /** The route says it takes no body (noBody). */
  noBody: boolean;
  /** A body described in words (opaqueBody). */
  opaque: { contentType: string; description: string } | null;
  query: z.ZodType | null;
  /** What successes answer (responds). */
  responses: { status: number; schema: z.ZodType | null; description: string }[];
  idempotent: boolean;
}

/** Whether a route says what body it takes: a schema, variants, none, or one described in words. */
export const declaresBody = (route: RouteFacts): boolean => route.body !== null || route.variants !== null || route.noBody || route.opaque !== null;

/** Every route of the routers, HEAD left out (Koa answers it with GET). */
export const routeFacts = (routers: readonly Router[]): RouteFacts[] =>
  routers.flatMap((router) =>
    router.stack.flatMap((layer) => {
      const path = String(layer.path);
      const notes = layer.stack.map(noteOf).filter((n): n is RouteNote => n !== undefined);
      const admin = layer.stack.includes(requireAdmin) || isAdminPath(path);
      const signedIn = admin || layer.stack.includes(requireUser);
      return layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method): RouteFacts => {
          const scope = missingScope([], { method, adminRoute: isAdminPath(path) }) ?? 'read';
          return {
            method,
            path,
            access: admin ? 'admin' : signedIn ? 'user' : 'public',
            tokenScope: signedIn && !isSessionOnly(method, path) ? scope : null,
            body: notes.find((n) => n.kind === 'body')?.schema ?? null,
            variants: notes.find((n) => n.kind === 'variants')?.schemas ?? null,
            selector: notes.flatMap((n) => (n.kind === 'variants' && n.selector !== undefined ? [n.selector] : []))[0] ?? null,
            noBody: notes.some((n) => n.kind === 'noBody'),
            opaque: notes.flatMap((n) => (n.kind === 'opaqueBody' ? [{ contentType: n.contentType, description: n.description }] : []))[0] ?? null,
            query: notes.find((n) => n.kind === 'query')?.schema ?? null,
            responses: notes.flatMap((n) => (n.kind === 'response' ? [{ status: n.status, schema: n.schema, description: n.description }] : [])),
            idempotent: notes.some((n) => n.kind === 'idempotent'),
          };
        });
    }),
  );

/**
 * JSON Schema 2020-12 of what a caller sends (the schema's input side) or, with `io: 'output'`,
 * of what the server answers, embeddable in the document.
 */
export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'input'): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return rest;
};

/** `/api/templates/:id` -> `/api/templates/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

const pathParameters = (path: string): Json[] =>
  [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' },
  }));

const queryParameters = (schema: z.ZodType): Json[] => {
  const json = jsonSchemaOf(schema);
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The document's tags: each operation is filed under the tag of its path's first segment after
 * /api (and /v2), admin-only ones under 'admin' too.
 */
const TAGS: readonly { name: string; description: string; areas: readonly string[] }[] = [
  { name: 'service', description: 'Probes, public configuration and this document', areas: ['healthz', 'health', 'livez', 'readyz', 'config', 'openapi.json', 'docs'] },
  { name: 'auth', description: 'Sign-in, registration, sessions and passwords', areas: ['auth'] },
  { name: 'user', description: "The signed-in user's e-mail, trial and schedulable accounts", areas: ['user'] },
  { name: 'settings', description: 'Preferences, data export and account deletion', areas: ['settings'] },
  { name: 'dashboard', description: "The dashboard's figures and recent activity", areas: ['metrics', 'dashboard', 'connected-accounts', 'recent-activities'] },
  { name: 'admin', description: 'Administration: users, mail, audit, polling, AI provider, Scheduler Test (admins only)', areas: ['admin'] },
  { name: 'templates', description: 'Reply templates and template groups', areas: ['templates', 'template-groups'] },
  { name: 'tokens', description: 'Personal access tokens (from a browser session only)', areas: ['tokens'] },
  { name: 'push', description: 'Notification devices (from a browser session only)', areas: ['push'] },
  { name: 'live', description: 'Server-sent events for open pages', areas: ['live'] },
  { name: 'accounts', description: 'Monitored X accounts, whose posts are answered', areas: ['accounts'] },
  { name: 'schedules', description: 'Schedules, bulk scheduling, imports and uploaded images', areas: ['schedules', 'schedule', 'bulk-replies', 'upload-image', 'uploads'] },
  { name: 'replies', description: 'Replies: history, the ready queue and actions on a reply', areas: ['replies'] },
  { name: 'ai', description: 'AI writing: replies and rewrites', areas: ['repurpose', 'repurpose-content', 'generate-ai-reply'] },
  { name: 'x', description: 'Sign in with X, connected X accounts and X app checks', areas: ['x'] },
  { name: 'billing', description: 'PayPal payments, the subscription and receipts', areas: ['paypal', 'billing'] },
];
const tagOfArea = new Map(TAGS.flatMap((tag) => tag.areas.map((area) => [area, tag.name] as const)));

/** `GET /api/templates/:id` as OPERATION_SUMMARIES keys it. */
export const operationKey = (route: Pick<RouteFacts, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/**
 * The body of a route with several forms. With bodyChoice's selector the first form is the body
 * the selector accepts and the second any other, so no body is valid under both.
 */
const variantsSchema = (variants: readonly z.ZodType[], selector: z.ZodType | null): Json => {
  if (selector === null || variants.length !== 2) return { oneOf: variants.map((v) => jsonSchemaOf(v)) };
  const [matching, otherwise] = variants as [z.ZodType, z.ZodType];
  const rule = jsonSchemaOf(selector);
  return { oneOf: [{ allOf: [jsonSchemaOf(matching), rule] }, { allOf: [jsonSchemaOf(otherwise), { not: rule }] }] };
};

const operationOf = (route: RouteFacts): Json => {
  const parameters: Json[] = [...pathParameters(route.path), ...(route.query === null ? [] : queryParameters(route.query))];
  if (route.idempotent) {
    parameters.push({
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: false,
      description: 'Send the same key again to get the first answer back instead of creating twice (24 hours, per user and route).',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  const security =
    route.access === 'public' ? [] : [{ session: [] }, ...(route.tokenScope === null ? [] : [{ token: [route.tokenScope] }])];
  const notes = [
    route.access === 'public' ? 'Public: no sign-in needed.' : route.access === 'admin' ? 'Admins only.' : 'Signed-in users.',
    route.access !== 'public' && route.tokenScope === null ? 'From a browser session only: personal access tokens are refused.' : null,
    route.tokenScope === null ? null : `With a personal access token: the '${route.tokenScope}' scope.`,
    !SAFE.has(route.method) ? `With a session cookie: the ${CSRF_HEADER}: 1 header.` : null,
  ].filter((n): n is string => n !== null);
  // A paged list (core/shared/paging.ts: its query takes `cursor`) names the next page in headers.
  const paged = route.query !== null && queryParameters(route.query).some((p) => p.name === 'cursor');
  const pageHeaders = paged ? { headers: { [NEXT_CURSOR_HEADER]: { $ref: '#/components/headers/NextCursor' }, Link: { $ref: '#/components/headers/NextLink' } } } : {};
  const successes: Json = {
    ...(route.responses.some((r) => r.status < 400)
      ? {}
      : { '2XX': { description: 'Success (a JSON body, or a file for downloads)', ...pageHeaders } }),
    ...Object.fromEntries(
          route.responses.map((r) => [
            String(r.status),
            {
              description: r.description,
              ...(r.status === 200 ? pageHeaders : {}),
              ...(r.schema === null ? {} : { content: { 'application/json': { schema: jsonSchemaOf(r.schema, 'output') } } }),
            },
          ]),
        ),
  };
  const requestBody =
    route.body !== null
      ? { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } }
      : route.variants !== null
        ? { required: true, content: { 'application/json': { schema: variantsSchema(route.variants, route.selector) } } }
        : route.opaque !== null
          ? { required: true, description: route.opaque.description, content: { [route.opaque.contentType]: {} } }
          : null;
  const responses: Json = {
    ...successes,
    ...(route.body !== null || route.variants !== null || route.query !== null || route.idempotent ? { '400': { $ref: '#/components/responses/BadRequest' } } : {}),
    // Every call but a probe is refused with 421 under a host name the server does not serve (http/allowed-hosts.ts).
    ...(isProbePath(route.path) ? {} : { '421': { $ref: '#/components/responses/MisdirectedRequest' } }),
    ...(route.access === 'public' ? {} : { '401': { $ref: '#/components/responses/Unauthorized' }, '403': { $ref: '#/components/responses/Forbidden' } }),
    ...(route.idempotent
      ? { '409': errorResponse('A request with this key was interrupted before it answered'), '422': errorResponse('This key was used for a different request') }
      : {}),
    default: { $ref: '#/components/responses/Error' },
  };
  const area = route.path.split('/').filter((s) => s !== '' && s !== 'api' && s !== 'v2')[0] ?? 'api';
  const tag = tagOfArea.get(area) ?? area;
  const summary = OPERATION_SUMMARIES[operationKey(route)];
  return {
    ...(summary === undefined ? {} : { summary }),
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(\w?)/g, (_, c: string) => c.toUpperCase())}`,
    // Admin-only routes are grouped under 'admin' wherever their path is (GET /api/x/test-credentials too).
    tags: route.access === 'admin' && tag !== 'admin' ? ['admin', tag] : [tag],
    description: notes.join(' '),
    [ACCESS_EXTENSION]: route.access,
    ...(route.noBody ? { [NO_BODY_EXTENSION]: true } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody === null ? {} : { requestBody }),
    responses,
    security,
  };
};

export const openApiDocument = (routers: readonly Router[], options: { version: string; https: boolean }): Json => {
  const paths: Record<string, Json> = {};
  for (const route of routeFacts(routers)) {
    const key = openApiPath(route.path);
    paths[key] = { ...paths[key], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Riposte API',
      version: options.version,
      description:
        'The JSON API of this Riposte server, generated from its routes and the zod schemas that validate each call. ' +
        `Authenticate with the session cookie of a signed-in browser (unsafe methods also need the ${CSRF_HEADER}: 1 header) ` +
        "or with 'Authorization: Bearer <personal access token>' (Settings → API tokens; scopes read, write, admin).",
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorBodySchema) },
      responses: {
        BadRequest: errorResponse('Bad input: the message names the problem and `field` the input it is about'),
        Unauthorized: errorResponse('Not signed in, or the token is missing, unknown, revoked or expired'),
        Forbidden: errorResponse('Signed in but not allowed (not an admin, a token without the scope, a browser-only call)'),
        MisdirectedRequest: errorResponse('A host name this server is not published under (code HOST_NOT_ALLOWED)'),
        Error: errorResponse('Any other error (404, 409, 429, 503, ...), with the same body'),
      },
      headers: {
        NextCursor: {
          description: 'Present when more items follow this page: send it back as `?cursor=` for the next page (opaque; absent on the last page).',
          schema: { type: 'string' },
        },
        NextLink: {
          description: 'Present with X-Next-Cursor: `</path?cursor=<cursor>&limit=<n>>; rel="next"`, the next page (RFC 8288), with the request\'s other query parameters (a search, a filter) after them.',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(options.https), description: 'The session of a signed-in browser.' },
        token: {
          type: 'http',
          scheme: 'bearer',
          description: "A personal access token (rpt_...). The operation's security lists the scope it needs: read, write or admin.",
        },
      },
    },
  };
};
