/**
 * The API document passes the two OpenAPI linters people run on it: Redocly (redocly.yaml,
 * recommended-strict) and Spectral (.spectral.yaml, spectral:oas) report nothing at all, errors or
 * warnings, on GET /api/openapi.json of a real server. Each rule turned off is explained in its
 * file; what they cannot check is checked here: every operation but a probe lists a 4XX answer,
 * every summary belongs to a route, and the two forms of POST /api/schedules exclude each other the
 * way the server tells them apart, so the spec's classic body is valid under the classic form only.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulePayloadVariant } from '@core/scheduling';
import { OPERATION_SUMMARIES } from '@apps/server/src/http/operation-summaries';
import { isProbePath } from '@apps/server/src/http/server-paths';
import { startTestServer, type TestServer } from './support';

type Json = Record<string, unknown>;
type Operation = Json & { summary?: string; responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: Json }> } };
type ApiDocument = Json & { paths: Record<string, Record<string, Operation>>; servers?: { url: string }[] };

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

let server: TestServer;
let dir: string;
let file: string;
let document: ApiDocument;

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  document = (await server.client().get('/api/openapi.json')).body as ApiDocument;
  dir = mkdtempSync(join(tmpdir(), 'riposte-openapi-lint-'));
  file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs a linter's CLI under this Node; a non-zero exit (problems found) still gives its report on stdout. */
const lint = async (script: string, args: string[]): Promise<string> => {
  // Offline and quiet: no usage report sent, no update check.
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  try {
    return (await run(process.execPath, [join(ROOT, 'node_modules', script), ...args], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (stdout === undefined || stdout.trim() === '') throw new Error(`${script} failed: ${stderr ?? String(error)}`);
    return stdout;
  }
};

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));

describe('the OpenAPI document passes Redocly and Spectral', () => {
  it('Redocly (recommended-strict) and Spectral (oas, warnings fail) report no problem', async () => {
    const [redocly, spectral] = await Promise.all([
      lint('@redocly/cli/bin/cli.js', ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000']),
      lint('@stoplight/spectral-cli/dist/index.js', ['lint', file, '--ruleset', join(ROOT, '.spectral.yaml'), '--format', 'json', '--fail-severity', 'warn', '--quiet']),
    ]);
    const redoclyProblems = (JSON.parse(redocly) as { problems: { ruleId: string; message: string; location: { pointer: string }[] }[] }).problems;
    expect(redoclyProblems.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`)).toEqual([]);
    const spectralText = spectral.trim();
    const spectralProblems = spectralText === '' || spectralText.startsWith('No results') ? [] : (JSON.parse(spectralText) as { code: string; message: string; path: string[] }[]);
    expect(spectralProblems.map((p) => `${p.code} ${p.path.join('/')}: ${p.message}`)).toEqual([]);
  }, 60_000);

  it('names the server it came from, and every operation has its own summary and id', () => {
    expect(document.servers).toEqual([{ url: server.url, description: 'This Riposte server' }]);
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter(({ op }) => typeof op.summary !== 'string' || op.summary.length < 10).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    // A summary is what the call is for, never its method and path again.
    expect(ops.filter(({ op }) => /^(GET|POST|PUT|PATCH|DELETE)\s/.test(op.summary ?? '')).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(new Set(ops.map(({ op }) => op.summary)).size).toBe(ops.length);
    expect(new Set(ops.map(({ op }) => op.operationId)).size).toBe(ops.length);
  });

  it('has no summary for a route that does not exist', () => {
    const documented = new Set(operations().map(({ method, path }) => `${method} ${path}`));
    const stale = Object.keys(OPERATION_SUMMARIES).filter((key) => !documented.has(key.replace(/:(\w+)/g, '{$1}')));
    expect(stale).toEqual([]);
  });

  it('lists a 4XX answer on every operation but the probes', () => {
    const without = operations().filter(({ path, op }) => !isProbePath(path) && !Object.keys(op.responses).some((status) => /^4/.test(status)));
    expect(without.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(operations().filter(({ path }) => isProbePath(path)).length).toBe(4);
  });
});

describe('POST /api/schedules: two forms that exclude each other', () => {
  /** Spec part 2, the classic page's body (§ Calls: POST /api/schedules, classic variant). */
  const classic = {
    accountId: 'acc-1',
    connectedAccountId: 'x-1',
    scheduleType: 'scheduled',
    scheduledTime: '2026-12-02T09:00:00.000Z',
    peakWindowType: 'morning_peak',
    isActive: true,
    isExecuted: false,
    isRecurring: true,
    recurringType: 'weekly',
    recurringDays: [0, 3],
    useAI: true,
    viralStyle: 'insight_bomb',
    conditions: { content: 'Rewrite me', targetAccount: '@naval', imageIncluded: false },
  };
  /** The template form, as the Schedules page sends it. */
  const template = {
    accountId: 'acc-1',
    connectedAccountId: 'x-1',
    templateId: 'tpl-1',
    scheduleType: 'scheduled',
    scheduledTime: '2026-12-02T09:00:00.000Z',
    isRecurring: false,
  };

  const branches = () => {
    const schema = document.paths['/api/schedules']?.post?.requestBody?.content['application/json']?.schema as { oneOf: Json[] };
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    return { whole: ajv.compile(schema), forms: schema.oneOf.map((branch) => ajv.compile(branch)) };
  };

  it("the spec's classic body is valid under the classic form only, a template body under the template form only", () => {
    const { whole, forms } = branches();
    expect(forms).toHaveLength(2);
    expect(forms.map((valid) => valid(classic))).toEqual([true, false]);
    expect(whole(classic)).toBe(true);
    expect(forms.map((valid) => valid(template))).toEqual([false, true]);
    expect(whole(template)).toBe(true);
  });

  it('the document picks the form the server picks', () => {
    const { forms } = branches();
    const bodies: unknown[] = [
      classic,
      template,
      { ...classic, templateId: 'tpl-1' },
      { ...classic, conditions: undefined },
      { ...template, peakWindowType: 'lunch_hour' },
      { ...template, templateId: null, peakWindowType: 'lunch_hour' },
      { ...template, templateId: undefined, templateGroupId: 'grp-1', peakWindowType: 'evening_peak' },
      { ...template, conditions: { content: 'x' } },
    ].map((body) => JSON.parse(JSON.stringify(body)) as unknown);
    // The selector half of each form: which one a body can only be, before its fields are checked.
    const schema = document.paths['/api/schedules']?.post?.requestBody?.content['application/json']?.schema as { oneOf: { allOf: Json[] }[] };
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const selectors = schema.oneOf.map((form) => ajv.compile(form.allOf[1] as Json));
    for (const body of bodies) {
      const picked = selectors.map((selects) => selects(body));
      expect({ body, picked }).toEqual({ body, picked: schedulePayloadVariant(body) === 'classic' ? [true, false] : [false, true] });
      // And never both forms at once.
      expect(forms.filter((valid) => valid(body)).length).toBeLessThanOrEqual(1);
    }
  });
});
