/**
 * `npm run schemas:check`: validate every file under schemas/ against its meta-schema and lint cross-references.
 * Prints `file#pointer: message` per problem and exits 1 when there are any. An optional argument names another
 * repo root (a folder holding schemas/), e.g. `tsx scripts/check-schemas.ts /tmp/copy`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAllSchemas, findSchemaFiles, formatProblem } from './lib/schema-files.ts';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const problems = checkAllSchemas(root);

if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\n${problems.length} problem(s) in schema files`);
  process.exit(1);
}

const files = findSchemaFiles(root);
const count = files.entities.length + files.dicts.length + (files.menus ? 1 : 0);
console.log(`schemas ok: ${count} files`);
