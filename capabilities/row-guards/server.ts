/**
 * The server side of `editWhen` / `deleteWhen` (contract.ts): inside the write's transaction, on rows read with a
 * lock (checkEdit and beforeDelete get them locked), so a state change committing meanwhile cannot slip past.
 */
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { writableFields } from '../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext } from '../../server/context.ts';
import { BusinessError } from '../../server/core/errors.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import type { CapabilityServer } from '../server-part.ts';
import { freeFieldsOf, rowGuardFailure, rowGuardMessage, sameFieldValue } from './contract.ts';

type Dicts = Pick<AppContext, 'dicts'>;

/**
 * Refuses an edit of a row its state locks, unless the body changes nothing but the guard's free fields (and sends
 * no line items). Unchanged values may be sent back as they are: a form posts the whole record.
 */
export function assertEditAllowed(ctx: Dicts, entity: EntityRuntime, existing: WireRecord, body: WireRecord, sendsLineItems: boolean): void {
  const { schema } = entity;
  const field = rowGuardFailure(schema, 'edit', existing);
  if (field === undefined) return;
  const free = new Set(freeFieldsOf(schema));
  const changes = writableFields(schema).some(
    (name) => name in body && !free.has(name) && !sameFieldValue(schema.fields[name], body[name], existing[name]),
  );
  if (changes || sendsLineItems) throw new BusinessError(rowGuardMessage(schema, 'edit', field, (dict, value) => ctx.dicts.text(dict, value)));
}

/** Refuses a delete if any of the rows is in a state its entity keeps (a batch deletes all or nothing). */
export function assertDeleteAllowed(ctx: Dicts, entity: EntityRuntime, rows: WireRecord[]): void {
  for (const row of rows) {
    const field = rowGuardFailure(entity.schema, 'delete', row);
    if (field !== undefined) throw new BusinessError(rowGuardMessage(entity.schema, 'delete', field, (dict, value) => ctx.dicts.text(dict, value)));
  }
}

export const rowGuardsServer: CapabilityServer = {
  hooksFor(entity) {
    const { editWhen, deleteWhen } = entity.schema;
    if (!editWhen && !deleteWhen) return undefined;
    return {
      ...(editWhen && { checkEdit: ({ ctx, existing, body, sendsLineItems }) => assertEditAllowed(ctx, entity, existing, body, sendsLineItems) }),
      ...(deleteWhen && { beforeDelete: ({ ctx, rows }) => assertDeleteAllowed(ctx, entity, rows) }),
    };
  },
};
