// Every browser test that fails carries what its pages were doing (tests/e2e/diagnostics.ts).
import { reportBrowserOnFailure } from './diagnostics.ts';

reportBrowserOnFailure();
