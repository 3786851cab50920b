import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin.ts';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/jeecg-boot': { target: apiTarget, ws: true } } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 900 },
  test: {
    reporters: ['default', './tests/reporters/summary.ts'],
    // vitest's default is cpus − 1: on these two-core machines that ran one test file at a time while the other core
    // waited. Two workers took a web + server sample from 140 s to 92 s (docs/perf.md, "Suite time"); the browser
    // project still runs its files one after another (fileParallelism: false).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}', 'renderers/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // Files share a worker's modules and jsdom (the setup resets the DOM, storage and URL between files):
          // a fresh environment per file cost ~85 s of a 5-minute run in imports and jsdom start-up.
          isolate: false,
          // Whole-shell jsdom tests are CPU-heavy; with every project running on two cores, 5 s is too tight.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/schemas/**/*.test.ts', 'tests/contracts/**/*.test.ts'],
          globalSetup: ['tests/helpers/db-snapshots.setup.ts'],
          // Each file starts its own app on its own database; sharing a worker's modules (and PGlite's compiled
          // WebAssembly) between files took the project from 6 to under 4 minutes.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
        },
      },
      // The fast inner loop (`npm run test:fast`): pure contract, schema, engine and renderer-logic tests — no
      // database, no browser. The same files also run in the projects above as part of the full suite.
      {
        test: {
          name: 'fast-node',
          environment: 'node',
          include: ['tests/contracts/**/*.test.ts', 'tests/schemas/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'fast-web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.ts'],
          setupFiles: ['tests/web/setup.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
          // After the web and server projects: a browser test competing with them for two cores times out.
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/helpers/db-snapshots.setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
