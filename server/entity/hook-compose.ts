/**
 * One entity's hooks made of several sets: the capabilities' (capabilities/server.ts, each for the schema options
 * the entity declares) first, then its domain module's. Every set is called in order; the engine sees one set, so
 * it never names a capability.
 */
import type { FieldError, WireRecord } from '../../src/contracts/envelope.ts';
import type { EntityHooks } from './hooks.ts';

type Step<E> = ((event: E) => Promise<void> | void) | undefined;

/** Each step in order, awaited; undefined when no set has the step (the engine tests for its presence). */
function inOrder<E>(steps: Array<Step<E>>): ((event: E) => Promise<void>) | undefined {
  const present = steps.filter((step): step is NonNullable<Step<E>> => step !== undefined);
  if (present.length === 0) return undefined;
  return async (event) => {
    for (const step of present) await step(event);
  };
}

const defined = <T>(values: Array<T | undefined>): T[] => values.filter((value): value is T => value !== undefined);

/** The sets as one; a single non-empty set is returned as it is. */
export function composeHooks(sets: readonly EntityHooks[]): EntityHooks {
  const parts = sets.filter((set) => Object.keys(set).length > 0);
  if (parts.length <= 1) return parts[0] ?? {};
  const checkRecord = defined(parts.map((p) => p.checkRecord));
  const fieldErrors = defined(parts.map((p) => p.fieldErrors));
  const present = defined(parts.map((p) => p.present));
  const listConditions = defined(parts.map((p) => p.listConditions));
  const exportColumns = defined(parts.map((p) => p.exportColumns));
  const fileCheckers = defined(parts.map((p) => p.fileChecker));
  const listAnswer = defined(parts.map((p) => p.listAnswer));
  const prepareImport = defined(parts.map((p) => p.prepareImport));
  // Answers only one set can give: the first set that has one gives it.
  const addResult = parts.find((p) => p.addResult)?.addResult;
  const addMessage = parts.find((p) => p.addMessage)?.addMessage;
  const customers = parts.find((p) => p.customers)?.customers;
  const uniqueFields = parts.flatMap((p) => p.uniqueFields ?? []);
  const reads = parts.flatMap((p) => p.reads ?? []);
  const texts = Object.assign({}, ...parts.map((p) => p.texts ?? {})) as EntityHooks['texts'];
  // Every member named (the `satisfies` fails to compile when EntityHooks grows a member this does not compose).
  const hooks = {
    checkEdit: inOrder(parts.map((p) => p.checkEdit)),
    beforeWrite: inOrder(parts.map((p) => p.beforeWrite)),
    afterWrite: inOrder(parts.map((p) => p.afterWrite)),
    beforeDelete: inOrder(parts.map((p) => p.beforeDelete)),
    beforeOperation: inOrder(parts.map((p) => p.beforeOperation)),
    afterCommit: inOrder(parts.map((p) => p.afterCommit)),
    beforeRead: inOrder(parts.map((p) => p.beforeRead)),
    checkRecord: checkRecord.length === 0 ? undefined : async (event) => {
      const errors: FieldError[] = [];
      for (const check of checkRecord) errors.push(...(await check(event)));
      return errors;
    },
    fieldErrors: fieldErrors.length === 0 ? undefined : (record, errors, event) => fieldErrors.reduce((acc, rule) => rule(record, acc, event), errors),
    present: present.length === 0 ? undefined : async (rows, event) => {
      let out: WireRecord[] = rows;
      for (const step of present) out = await step(out, event);
      return out;
    },
    listConditions: listConditions.length === 0 ? undefined : async (params, event) => {
      const out = [];
      for (const step of listConditions) out.push(...(await step(params, event)));
      return out;
    },
    // A whole answer in place of the page: the first set giving one wins.
    listAnswer: listAnswer.length === 0 ? undefined : async (params, event) => {
      for (const step of listAnswer) {
        const answer = await step(params, event);
        if (answer !== undefined) return answer;
      }
      return undefined;
    },
    addResult,
    addMessage,
    customers,
    prepareImport: prepareImport.length === 0 ? undefined : async (rows, event) => {
      for (const step of prepareImport) await step(rows, event);
    },
    exportColumns: exportColumns.length === 0 ? undefined : (columns) => exportColumns.reduce((acc, step) => step(acc), columns),
    fileChecker: fileCheckers.length === 0 ? undefined : () => {
      const checks = fileCheckers.map((start) => start());
      return (record) => checks.flatMap((check) => check(record));
    },
    uniqueFields: uniqueFields.length > 0 ? uniqueFields : undefined,
    reads: reads.length > 0 ? reads : undefined,
    texts,
  } satisfies { [K in keyof Required<EntityHooks>]: EntityHooks[K] };
  // Absent steps stay absent (`hooks.beforeDelete ?` decides whether rows are locked and read).
  const composed: EntityHooks = hooks;
  for (const key of Object.keys(composed) as Array<keyof EntityHooks>) if (composed[key] === undefined) delete composed[key];
  return composed;
}
