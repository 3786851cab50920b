/**
 * One toast per failure (issue 22, item 4): the http client tells HTTP-level failures itself and marks them shown,
 * and a screen that catches a failure tells it only through `toastFailure`, which skips what was shown. This keeps
 * new code from handing a caught error straight to a toast again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A toast (antd message/modal/notification, or the shell's) whose text is read off a caught error. */
const TOAST_OF_CAUGHT_ERROR = /\b(?:message|modal|notification)\.(?:error|warning)\([^\n]*\b(?:error|cause|reason)\b\s*(?:instanceof|\.message|\))/;

describe('failure toasts', () => {
  it('are shown through toastFailure wherever a caught error is told', () => {
    const offenders = ['renderers', 'src'].flatMap((dir) =>
      sourceFiles(path.join(ROOT, dir)).flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) => {
            const offends = TOAST_OF_CAUGHT_ERROR.test(line) && !line.includes('toastFailure(');
            return offends ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [];
          }),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
