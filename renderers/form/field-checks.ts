/**
 * Server-side field validators the form runs as the user types and again on submit: `duplicateCheck`
 * (`/sys/duplicate/check`) and `checkRule` (`/sys/checkRule/checkByCode`). Empty values skip both checks.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { EntitySchema, JsonSchemaObject } from '../../src/contracts/index.ts';
import { entityWriteSchema } from '../../src/contracts/index.ts';
import { isSecretField as isSecret } from '../../field-types/index.ts';
import type { LookupProvider } from '../../src/providers/lookups.ts';

type FormData = Record<string, unknown>;

export const FIELD_CHECK_DEBOUNCE_MS = 500;

/** The form's JSON Schema: on edit a stored secret (password) is kept when the box stays empty, so it is not required. */
export function formSchemaFor(entity: EntitySchema, mode: 'add' | 'edit'): JsonSchemaObject {
  const schema = entityWriteSchema(entity);
  if (mode === 'add') return schema;
  return { ...schema, required: schema.required.filter((name) => !isSecret(entity.fields[name])) };
}

export function checkedFields(entity: EntitySchema): string[] {
  return Object.keys(entity.fields).filter((name) => entity.fields[name].duplicateCheck || entity.fields[name].checkRule);
}

/** One field's verdict: the first failing check's message, or undefined. */
export async function checkField(
  lookups: LookupProvider,
  entity: EntitySchema,
  field: string,
  value: unknown,
  dataId: string | undefined,
): Promise<string | undefined> {
  const def = entity.fields[field];
  const text = value === undefined || value === null ? '' : String(value).trim();
  if (!def || text === '') return undefined;
  if (def.duplicateCheck) {
    const taken = await lookups.checkDuplicate({ tableName: entity.table, fieldName: field, fieldVal: text, dataId });
    if (taken) return taken;
  }
  if (def.checkRule) return lookups.checkRule(def.checkRule, text);
  return undefined;
}

export function mergeErrorSchemas(...schemas: Array<ErrorSchema<FormData> | undefined>): ErrorSchema<FormData> | undefined {
  const out: Record<string, { __errors: string[] }> = {};
  for (const schema of schemas) {
    for (const [field, entry] of Object.entries(schema ?? {})) {
      const errors = (entry as { __errors?: string[] } | undefined)?.__errors ?? [];
      if (errors.length > 0) (out[field] ??= { __errors: [] }).__errors.push(...errors.filter((e) => !out[field].__errors.includes(e)));
    }
  }
  return Object.keys(out).length > 0 ? (out as ErrorSchema<FormData>) : undefined;
}

export function useFieldChecks(lookups: LookupProvider, entity: EntitySchema, dataId: string | undefined) {
  const fields = useMemo(() => checkedFields(entity), [entity]);
  const [messages, setMessages] = useState<Record<string, string | undefined>>({});
  const last = useRef<Record<string, unknown>>({});
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  // Only the newest check of a field may write its verdict.
  const round = useRef<Record<string, number>>({});

  useEffect(() => {
    const pending = timers.current;
    return () => Object.values(pending).forEach(clearTimeout);
  }, []);

  const run = useCallback(
    async (field: string, value: unknown) => {
      const ticket = (round.current[field] = (round.current[field] ?? 0) + 1);
      const message = await checkField(lookups, entity, field, value, dataId);
      if (round.current[field] === ticket) setMessages((prev) => ({ ...prev, [field]: message }));
      return message;
    },
    [lookups, entity, dataId],
  );

  /** Call with every form change; checks the fields whose value changed, after a pause in typing. */
  const onChange = useCallback(
    (data: FormData) => {
      for (const field of fields) {
        if (Object.is(last.current[field], data[field])) continue;
        last.current[field] = data[field];
        clearTimeout(timers.current[field]);
        // A field being edited shows no stale verdict.
        setMessages((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));
        timers.current[field] = setTimeout(() => void run(field, data[field]), FIELD_CHECK_DEBOUNCE_MS);
      }
    },
    [fields, run],
  );

  /** Runs every check now (submit); true when all pass. */
  const checkAll = useCallback(
    async (data: FormData) => {
      for (const field of fields) clearTimeout(timers.current[field]);
      const verdicts = await Promise.all(fields.map((field) => run(field, data[field])));
      return verdicts.every((message) => message === undefined);
    },
    [fields, run],
  );

  const errors = useMemo<ErrorSchema<FormData> | undefined>(() => {
    const entries = Object.entries(messages).filter(([, message]) => message);
    return entries.length > 0 ? (Object.fromEntries(entries.map(([field, message]) => [field, { __errors: [message!] }])) as ErrorSchema<FormData>) : undefined;
  }, [messages]);

  return { errors, onChange, checkAll };
}
