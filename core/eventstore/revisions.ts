/**
 * The revision of each stream a client may change by id (a schedule, a template, a group, a
 * monitored account, a user's settings): what the HTTP API hands out as the ETag of a read and
 * takes back in If-Match, so a write decided on what the client saw is refused when the stream has
 * moved on since. It follows every event of those streams (the scheduler's runs and claims too:
 * a run in between is a change the client has not seen), so it never lags the store's own count.
 */
import type { Projection } from '@core/shared/projection';

/** The projection over the streams whose names start with one of `prefixes`. */
export const streamRevisionsProjection = (prefixes: readonly string[]): Projection => ({
  name: 'stream-revisions',
  version: 1,
  schema: [`CREATE TABLE stream_revisions (stream TEXT PRIMARY KEY, revision INTEGER NOT NULL) WITHOUT ROWID`],
  project(event) {
    if (!prefixes.some((p) => event.streamName.startsWith(p))) return [];
    return [
      {
        sql: 'INSERT INTO stream_revisions (stream, revision) VALUES (@stream, @revision) ON CONFLICT(stream) DO UPDATE SET revision = MAX(revision, excluded.revision)',
        params: { stream: event.streamName, revision: event.revision },
      },
    ];
  },
});
