/**
 * An OpenAI-compatible chat-completions server on loopback, for tests and for trying the real AI
 * adapter without an account: POST /v1/chat/completions and GET /v1/models, with OpenAI's error
 * shapes. Replies are composed by the offline engine from what the prompt asks (the style line and
 * the quoted text of core/ai/prompts.ts), so they read like answers and differ by style and seed.
 *
 * Faults are injected per test: `inject(fault, times)` makes the next `times` chat calls fail that
 * way (401, 429 with retry-after, 500, a hang, an empty answer, a dropped connection, or a fixed
 * reply such as one full of @mentions).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isWritingStyle, UNIQUE_VARIATION, type WritingStyle } from '@core/styles';
import { decodeData } from '@core/ai';
import { composeOffline } from '@adapters/ai-offline';

export type Fault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number; retryAfterMs?: number; code?: string; message?: string }
  | { kind: 'hang' }
  | { kind: 'empty' }
  | { kind: 'drop' }
  | { kind: 'reply'; content: string };

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

export interface AiEmulatorOptions {
  /** Loopback only by default; the emulator has no business on a network. */
  host?: string;
  port?: number;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (else 401 like OpenAI). */
  apiKey?: string | null;
  models?: readonly string[];
  /** Added before every answer, to look like a real round trip. */
  latencyMs?: number;
}

export interface AiEmulator {
  /** Base URL including /v1, as the openai client wants it. */
  readonly baseUrl: string;
  readonly apiKey: string | null;
  readonly models: readonly string[];
  /** Every request received, in order (chat and models calls). */
  readonly requests: RecordedRequest[];
  inject(fault: Fault, times?: number): void;
  clearFaults(): void;
  close(): Promise<void>;
}

export const EMULATOR_MODEL = 'riposte-emulator-1';

const ERRORS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory', message: 'Country, region, or territory not supported.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist or you do not have access to it.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests. Please try again later.' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request. Sorry about that!' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later.' },
};

const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const sendError = (res: ServerResponse, status: number, over: { code?: string | null; message?: string } = {}, headers: Record<string, string> = {}) => {
  const base = ERRORS[status] ?? { type: 'server_error', code: null, message: `HTTP ${status}` };
  sendJson(res, status, { error: { message: over.message ?? base.message, type: base.type, param: null, code: over.code ?? base.code } }, headers);
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

interface ChatMessage {
  role: string;
  content: string;
}

const isChatMessages = (v: unknown): v is ChatMessage[] =>
  Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'object' && m !== null && typeof m.role === 'string' && typeof m.content === 'string');

/** What the prompt asks for, read back from core/ai/prompts.ts's layout. */
export const readPrompt = (messages: ChatMessage[]) => {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const styleId = /Style: [^\n]*\(([a-z_]+)\)\./u.exec(system)?.[1];
  const style: WritingStyle = isWritingStyle(styleId) ? styleId : UNIQUE_VARIATION;
  const maxLength = Number(/At most (\d+) characters/u.exec(system)?.[1] ?? 280);
  const data = decodeData(user);
  if (data === null) return { style, maxLength, text: user, kind: 'rewrite' as const, context: undefined };
  if (data.task === 'reply') return { style, maxLength, text: data.post, kind: 'reply' as const, context: undefined };
  return { style, maxLength, text: data.text, kind: 'rewrite' as const, context: data.replyTo?.post };
};

export const startAiEmulator = async (options: AiEmulatorOptions = {}): Promise<AiEmulator> => {
  const apiKey = options.apiKey === undefined ? 'emulator-key' : options.apiKey;
  const models = options.models ?? [EMULATOR_MODEL];
  const requests: RecordedRequest[] = [];
  const faults: { fault: Fault; left: number }[] = [];
  const sockets = new Set<Socket>();
  let counter = 0;

  const nextFault = (): Fault | null => {
    const head = faults[0];
    if (head === undefined) return null;
    head.left -= 1;
    if (head.left <= 0) faults.shift();
    return head.fault;
  };

  const chat = async (req: IncomingMessage, res: ServerResponse, raw: string) => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return sendError(res, 400, { message: 'We could not parse the JSON body of your request.' });
    }
    const fault = nextFault();
    if (fault?.kind === 'hang') return; // never answers; close() ends the socket
    if (fault?.kind === 'drop') return req.socket.destroy();
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = {};
      if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
      if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
      return sendError(res, fault.status, { code: fault.code, message: fault.message }, headers);
    }
    if (apiKey !== null && req.headers.authorization !== `Bearer ${apiKey}`) return sendError(res, 401);
    if (typeof body.model !== 'string' || !isChatMessages(body.messages)) {
      return sendError(res, 400, { message: "'model' and a non-empty 'messages' array are required." });
    }
    if (body.stream === true) return sendError(res, 400, { message: 'The emulator does not stream.' });
    if (!models.includes(body.model)) return sendError(res, 404, { message: `The model \`${body.model}\` does not exist or you do not have access to it.` });

    const asked = readPrompt(body.messages);
    const seed = typeof body.seed === 'number' ? body.seed : 0;
    const content =
      fault?.kind === 'empty' ? '' : fault?.kind === 'reply' ? fault.content : composeOffline({ ...asked, seed, maxLength: asked.maxLength });
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    counter += 1;
    const promptTokens = Math.ceil(body.messages.reduce((n, m) => n + m.content.length, 0) / 4);
    const completionTokens = Math.ceil(content.length / 4);
    sendJson(res, 200, {
      id: `chatcmpl-emu-${counter}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      system_fingerprint: 'fp_riposte_emulator',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      let parsed: unknown = raw;
      try {
        parsed = raw === '' ? null : JSON.parse(raw);
      } catch {
        // kept as text in the log
      }
      requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization ?? null, body: parsed });
      res.setHeader('x-request-id', `req_emu_${requests.length}`);
      if (req.method === 'POST' && path === '/v1/chat/completions') return chat(req, res, raw);
      if (req.method === 'GET' && path === '/v1/models') {
        if (apiKey !== null && req.headers.authorization !== `Bearer ${apiKey}`) return sendError(res, 401);
        return sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'riposte' })) });
      }
      return sendError(res, 404, { code: 'unknown_url', message: `Unknown request URL: ${req.method} ${path}.` });
    })().catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, { message: `Emulator failure: ${String(error)}` });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    baseUrl: `http://${host}:${port}/v1`,
    apiKey,
    models,
    requests,
    inject(fault, times = 1) {
      faults.push({ fault, left: times });
    },
    clearFaults() {
      faults.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
