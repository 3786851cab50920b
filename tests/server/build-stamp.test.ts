/**
 * Issue 22, item 10: `npm start` builds the web app only when its sources changed since dist/ was built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIsCurrent, sourceHash, writeStamp } from '../../scripts/lib/build-stamp.ts';

function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  fs.mkdirSync(path.join(root, 'src/app'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>');
  fs.writeFileSync(path.join(root, 'src/app/main.tsx'), 'export const a = 1;');
  return root;
}

function build(root: string): string {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/index.html'), 'built');
  const hash = sourceHash(root);
  writeStamp(path.join(root, 'dist'), hash);
  return hash;
}

describe('web build stamp', () => {
  it('a fresh clone (no dist) needs a build', () => {
    const root = project();
    expect(buildIsCurrent(path.join(root, 'dist'), sourceHash(root))).toBe(false);
  });

  it('nothing changed since the build: current, even when a file was touched', () => {
    const root = project();
    build(root);
    const file = path.join(root, 'src/app/main.tsx');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(buildIsCurrent(path.join(root, 'dist'), sourceHash(root))).toBe(true);
  });

  it('an edited, added or removed source file makes the build stale', () => {
    const root = project();
    const edits: Array<(r: string) => void> = [
      (r) => fs.writeFileSync(path.join(r, 'src/app/main.tsx'), 'export const a = 2;'),
      (r) => fs.writeFileSync(path.join(r, 'src/app/other.ts'), ''),
      (r) => fs.rmSync(path.join(r, 'src/app/main.tsx')),
    ];
    for (const edit of edits) {
      build(root);
      edit(root);
      expect(buildIsCurrent(path.join(root, 'dist'), sourceHash(root))).toBe(false);
    }
  });

  it('a build made without a stamp (plain vite build) is not trusted', () => {
    const root = project();
    build(root);
    fs.rmSync(path.join(root, 'dist/.source-hash'));
    expect(buildIsCurrent(path.join(root, 'dist'), sourceHash(root))).toBe(false);
  });

  it('hashes the real project in well under a second', () => {
    const started = performance.now();
    sourceHash(path.resolve(import.meta.dirname, '../..'));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
