/**
 * The API describes itself (docs/adr/0036): `GET /api/openapi.json` is the OpenAPI 3.1 document
 * built from the routers (http/openapi.ts) and `GET /api/docs` a page that shows it. Both are
 * public: the API surface is no secret (the web app's own bundle names every call), and a script
 * author reads them before having a token. The page is rendered here, from the document, with no
 * script and nothing fetched from elsewhere, so it works offline and under the app's strict CSP.
 */
import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { DOCS_PATH, OPENAPI_PATH, openApiDocument } from './openapi';
import { ownBaseUrl } from './own-origin';

type Json = Record<string, unknown>;

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h2{margin-top:2rem;border-bottom:1px solid #ddd}section{margin:1rem 0;padding:.5rem 1rem;border:1px solid #e3e3e3;border-radius:6px}
.m{display:inline-block;min-width:4.5rem;font-weight:700;font-family:monospace}code,pre{font-family:ui-monospace,monospace}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:13px}summary{cursor:pointer}`;

const operationHtml = (method: string, path: string, op: Json): string => {
  const parameters = (op.parameters ?? []) as Json[];
  const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
  const params =
    parameters.length === 0
      ? ''
      : `<p>Parameters: ${parameters.map((p) => `<code>${escape(String(p.name))}</code> (${escape(String(p.in))}${p.required === true ? ', required' : ''})`).join(', ')}</p>`;
  const schema = body === undefined ? '' : `<details><summary>Request body (JSON Schema)</summary><pre>${escape(JSON.stringify(body, null, 2))}</pre></details>`;
  const answers = Object.entries((op.responses ?? {}) as Record<string, { content?: Record<string, { schema?: unknown }> }>)
    .flatMap(([status, r]) => {
      const json = r.content?.['application/json']?.schema;
      return /^2\d\d$/.test(status) && json !== undefined ? [`<details><summary>${escape(status)} answer (JSON Schema)</summary><pre>${escape(JSON.stringify(json, null, 2))}</pre></details>`] : [];
    })
    .join('');
  return `<section id="${escape(String(op.operationId))}"><div><span class="m">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></div>
<p>${escape(String(op.description ?? ''))}</p>${params}${schema}${answers}</section>`;
};

/** The document as a readable page: one section per operation, grouped by tag. */
export const docsPage = (document: Json): string => {
  const info = document.info as { title: string; version: string; description: string };
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = ((op.tags ?? ['api']) as string[])[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const groups = [...byTag.entries()].map(([tag, ops]) => `<h2>${escape(tag)}</h2>${ops.join('\n')}`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} ${escape(info.version)}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><style>${STYLE}</style></head><body>
<h1>${escape(info.title)} <small>${escape(info.version)}</small></h1><p>${escape(info.description)}</p>
<p>Machine-readable: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI 3.1). Errors answer <code>{ message, error, field?, code }</code> with the status.</p>
${groups}</body></html>`;
};

/** `routers` is the list this router is part of; the document is built at the first request, when the list is complete. */
export const openApiRoutes = (deps: Pick<AppDeps, 'version' | 'config'>, routers: readonly Router[]): Router => {
  const router = new Router({ sensitive: true, strict: true });
  let document: Json | null = null;
  const current = (): Json => (document ??= openApiDocument(routers, { version: deps.version, https: deps.config.https }));

  router.get(OPENAPI_PATH, (ctx) => {
    ctx.type = 'application/json';
    // The installation's own address (never the request's Host), so a client generated from it calls this server.
    ctx.body = { ...current(), servers: [{ url: ownBaseUrl(deps.config, ctx), description: 'This Riposte server' }] };
  });

  router.get(DOCS_PATH, (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = docsPage(current());
  });

  return router;
};
