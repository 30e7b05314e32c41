/**
 * The paths the server answers itself, never the web app: the API (/api, /paypal) and the probes
 * orchestrators and monitoring ask by their usual names. One list, so the web app's fallback, the
 * JSON 404, the readiness gate, the host check and the quiet log all see the same paths.
 */

/** /healthz (the full report), /health (the same), /livez (the process answers), /readyz (it may take traffic), /metrics. */
export const PROBE_PATHS: readonly string[] = ['/healthz', '/health', '/livez', '/readyz', '/metrics'];
const PROBES = new Set(PROBE_PATHS);

export const isProbePath = (path: string): boolean => PROBES.has(path);

/** An API or probe path: a miss answers 404 JSON, never the web app's HTML. */
export const isServerPath = (path: string): boolean =>
  path === '/api' || path.startsWith('/api/') || path.startsWith('/paypal/') || PROBE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
