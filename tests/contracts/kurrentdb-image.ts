/**
 * The one KurrentDB version Riposte is tested and shipped with (docker-compose.yml uses the same,
 * checked by kurrentdb-image.unit.test.ts). Pinned, never `latest`: `latest` moved to 26.x, whose
 * image runs as another user id, so a data volume written by 25.x is not writable by it without a
 * chown (docs/adr/0004-kurrentdb-client.md, addendum of 2026-11-27). Move it on purpose, with the
 * contract suite run against the new version.
 */
export const KURRENTDB_IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1';
