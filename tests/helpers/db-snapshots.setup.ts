/**
 * vitest globalSetup: makes the prepared databases a project's tests start from (tests/helpers/db-snapshots.ts)
 * and hands their locations to the test files through `inject('dbSnapshots')`.
 */
import type { TestProject } from 'vitest/node';
import { makeSnapshots, type DbSnapshots } from './db-snapshots.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbSnapshots: DbSnapshots;
  }
}

/** The seed counts each project's test apps use: server tests 40 (or 0), the browser harness 60 on PGlite. */
const SEEDS: Record<string, { pglite: number[]; postgres: number[] }> = {
  server: { pglite: [40, 0], postgres: [40, 0] },
  e2e: { pglite: [60], postgres: [] },
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.LOG_LEVEL = 'silent';
  const { snapshots, remove } = await makeSnapshots(SEEDS[project.name] ?? { pglite: [], postgres: [] });
  project.provide('dbSnapshots', snapshots);
  return remove;
}
