import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openEventStore, READ_MODELS_FILE } from '@adapters/eventstore-open';
import { createProjector, type ProjectionStatus } from '@adapters/projections-sqlite';
import { allProjections } from '@adapters/read-models';
import type { CliEnv } from '../env';

export interface RebuildReport {
  readModels: string;
  seconds: number;
  projections: ProjectionStatus[];
}

/**
 * Deletes the read database and replays every event into it. Stop the server first: a running
 * server keeps its own handle on read.db and would go on serving the old file.
 */
export const rebuildProjections = async (env: CliEnv): Promise<RebuildReport> => {
  mkdirSync(env.dataDir, { recursive: true });
  const store = openEventStore(env.eventStore, env.dataDir);
  const readModels = join(env.dataDir, READ_MODELS_FILE);
  const projector = createProjector({ store, path: readModels, projections: allProjections });
  try {
    const started = performance.now();
    await projector.rebuild();
    const seconds = (performance.now() - started) / 1000;
    return { readModels, seconds, projections: projector.status() };
  } finally {
    await projector.stop();
    await store.close();
  }
};

export interface StatusReport {
  dataDir: string;
  eventStore: CliEnv['eventStore']['kind'];
  lastPosition: string | null;
  projections: ProjectionStatus[];
}

/** The store's last position and how far each read model has come (catching up first). */
export const readStatus = async (env: CliEnv): Promise<StatusReport> => {
  mkdirSync(env.dataDir, { recursive: true });
  const store = openEventStore(env.eventStore, env.dataDir);
  const projector = createProjector({ store, path: join(env.dataDir, READ_MODELS_FILE), projections: allProjections });
  try {
    await projector.start();
    return { dataDir: env.dataDir, eventStore: env.eventStore.kind, lastPosition: projector.position(), projections: projector.status() };
  } finally {
    await projector.stop();
    await store.close();
  }
};
