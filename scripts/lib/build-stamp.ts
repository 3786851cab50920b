/**
 * Whether dist/ was built from the sources as they are now: a SHA-256 over the path and content of every file the
 * web build reads, written into dist/ after a build and compared before the next start. Content rather than mtimes,
 * so a fresh clone, a checkout or a touched-but-unchanged file decide correctly. `vite build` empties dist/, so a
 * build made another way leaves no stamp and the next start builds again rather than trusting it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What `vite build` reads, relative to the project root (folders are walked). */
export const WEB_BUILD_INPUTS = [
  'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/precompress-plugin.ts',
  'public', 'src', 'renderers', 'schemas',
];

export const STAMP_FILE = '.source-hash';

function filesUnder(root: string, relative: string, out: string[]): void {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    out.push(relative);
    return;
  }
  for (const entry of fs.readdirSync(full).sort()) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    filesUnder(root, path.join(relative, entry), out);
  }
}

export function sourceHash(root: string, inputs: readonly string[] = WEB_BUILD_INPUTS): string {
  const files: string[] = [];
  for (const input of inputs) filesUnder(root, input, files);
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    // Forward slashes so the stamp is the same on every platform.
    hash.update(file.split(path.sep).join('/')).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** True when outDir holds a build whose stamp matches the sources' hash. */
export function buildIsCurrent(outDir: string, hash: string): boolean {
  const stamp = path.join(outDir, STAMP_FILE);
  return fs.existsSync(path.join(outDir, 'index.html')) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === hash;
}

export function writeStamp(outDir: string, hash: string): void {
  fs.writeFileSync(path.join(outDir, STAMP_FILE), `${hash}\n`);
}
