// The scheduler's job list exists once (adapters/scheduler/jobs.ts): the server's embedded
// scheduler and `npm run scheduler` both run `schedulerJobs(...)`. This file finds a scheduler
// built from its own list, and a job factory called outside that list and its own folder, so a
// job added to one scheduler and forgotten in the other shows up here rather than in production.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { productSources as sourcesUnder } from './product-sources';

export interface JobListViolation {
  /** Path relative to the scanned root, with forward slashes. */
  file: string;
  line: number;
  what: string;
}

export const JOB_LIST_FILE = 'adapters/scheduler/jobs.ts';
/** `export const name = (…): SchedulerJob =>` or `…: SchedulerJob[] =>`, parameters over several lines included. */
const FACTORY = /export const (\w+)\s*=\s*\((?:(?!export const)[\s\S]){0,2000}?\)\s*:\s*SchedulerJob(?:\[\])?\s*=>/g;

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** Every job factory in the tree, by name, with the folder it lives in. */
export const jobFactories = (root: string, layers: readonly string[] = ['adapters', 'apps']): Map<string, string> => {
  const found = new Map<string, string>();
  for (const file of sourcesUnder(root, layers)) {
    if (file === JOB_LIST_FILE) continue;
    for (const m of readFileSync(join(root, file), 'utf8').matchAll(FACTORY)) if (m[1]) found.set(m[1], dirname(file));
  }
  return found;
};

export const findJobListViolations = (root: string, layers: readonly string[] = ['adapters', 'apps']): JobListViolation[] => {
  const factories = jobFactories(root, layers);
  // A file that defines a job factory may compose others into a group (the mail and push jobs).
  const composers = new Set([...factories.values()]);
  const violations: JobListViolation[] = [];
  for (const file of sourcesUnder(root, layers)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/\bcreateScheduler\s*\(\s*\{[\s\S]*?\bjobs\s*:\s*([\w.]+|\[)/g)) {
      if (m[1] !== 'schedulerJobs') {
        violations.push({ file, line: lineOf(text, m.index ?? 0), what: 'a scheduler built from its own job list, not schedulerJobs()' });
      }
    }
    if (file === JOB_LIST_FILE || composers.has(dirname(file))) continue;
    for (const [name, folder] of factories) {
      if (dirname(file) === folder) continue;
      for (const m of text.matchAll(new RegExp(`\\b${name}\\s*\\(`, 'g'))) {
        violations.push({ file, line: lineOf(text, m.index ?? 0), what: `job ${name} started outside ${JOB_LIST_FILE}` });
      }
    }
  }
  return violations;
};
