/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own report, so CI logs
 * state the count in a form any reader (human or tool) understands. Unhandled errors (which fail the run even when
 * every test passed) are repeated just above it, message and first stack lines, because CI excerpts keep only the
 * tail of the log.
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
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    if (unhandledErrors.length > 0) {
      process.stdout.write(`\nunhandled errors (${unhandledErrors.length}) — these fail the run:\n`);
      for (const error of unhandledErrors) process.stdout.write(`  ${describeError(error)}\n`);
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed + unhandledErrors.length} failed, ${skipped} skipped\n`);
  }
}
