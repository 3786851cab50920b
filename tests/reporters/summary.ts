/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own report, so CI logs
 * state the count in a form any reader (human or tool) understands. Unhandled errors (which fail the run even when
 * every test passed) are repeated just above it, message and first stack lines, because CI excerpts keep only the
 * tail of the log. For the same reason a failed browser test's diagnostics (its `meta.browser`, written by
 * tests/e2e/diagnostics.ts) are printed here too.
 */
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

function describeError(error: SerializedError): string {
  const head = `${error.name ?? 'Error'}: ${error.message ?? String(error)}`;
  const stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trim().startsWith('at ') || line.includes('❯'))
    .slice(0, 6)
    .map((line) => `    ${line.trim()}`);
  return [head, ...stack].join('\n');
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const browserReports: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failed++;
          const browser = (test.meta() as { browser?: string }).browser;
          if (browser) browserReports.push(`${test.fullName}\n${browser}`);
        }
        else skipped++;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    if (browserReports.length > 0) process.stdout.write(`\nbrowser at the failure:\n${browserReports.join('\n\n')}\n`);
    if (unhandledErrors.length > 0) {
      process.stdout.write(`\nunhandled errors (${unhandledErrors.length}) — these fail the run:\n`);
      for (const error of unhandledErrors) process.stdout.write(`  ${describeError(error)}\n`);
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed + unhandledErrors.length} failed, ${skipped} skipped\n`);
  }
}
