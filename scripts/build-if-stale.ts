/**
 * `npm start`'s first step: builds the web app only when its sources changed since dist/ was built
 * (scripts/lib/build-stamp.ts), so a restart with nothing changed skips the ~20 s build.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildIsCurrent, sourceHash, writeStamp } from './lib/build-stamp.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist');
const before = sourceHash(root);
if (buildIsCurrent(outDir, before)) {
  console.log('web app: dist/ is up to date, build skipped');
} else {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  // Stamped with the hash read before the build: an edit made during it makes the next start build again.
  writeStamp(outDir, before);
}
