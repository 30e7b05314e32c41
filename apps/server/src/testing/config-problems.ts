// For the configuration tests: the problems start-up would name for an environment (none: it loads).
import { isEnvError } from '@adapters/env';
import { loadServerConfig } from '../config';

export const problemsOf = (env: Record<string, string | undefined>): { variable: string; message: string }[] => {
  try {
    loadServerConfig(env);
  } catch (error) {
    if (isEnvError(error)) return error.problems.map((p) => ({ variable: p.variable, message: p.message }));
    throw error;
  }
  return [];
};
