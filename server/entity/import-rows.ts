/**
 * What an Excel import does with a row beyond the add form's checks (issue 22, item 6): a row naming a record in
 * the export's ID column updates it through 编辑 (edit-record.ts); columns the import may not set — read-only
 * fields, fields only operations change (审核状态 …), fields fixed at creation — are skipped while they hold the
 * stored value (or are left blank), and a changed one refuses the row with what to change instead.
 */
import type { FieldError } from '../../src/contracts/envelope.ts';
import { entityActions, permissionCode } from '../../src/contracts/entity.ts';
import type { AppContext, Caller } from '../context.ts';
import { BusinessError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';
import type { TreeRules } from './tree.ts';
import type { scopeConditions } from './data-scope.ts';
import { findRow } from './repository.ts';
import { ownedFieldErrors, ownedFields } from '../../capabilities/server.ts';
import { NOT_FOUND, editRecord } from './edit-record.ts';

export interface ImportRow {
  line: number;
  cells: string[];
  /** The typed cells of writable fields, by property (texts turned into values). */
  data: Record<string, unknown>;
  /** The typed cells of read-only fields: compared, never written. */
  readOnly: Record<string, unknown>;
  /** The export's ID column: the record this row updates; empty for a new record. */
  id: string;
  /** `data` normalised as a new record. */
  record: Record<string, unknown>;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** How a stored value reads in the sheet (dictionary text where there is one). */
function shown(ctx: AppContext, entity: EntityRuntime, field: string, value: unknown): string {
  const dict = entity.schema.fields[field].dict;
  return dict && !ctx.tableDicts.has(dict) ? ctx.dicts.text(dict, text(value)) || text(value) : text(value);
}

/** Fields an update keeps when their cell is blank: operation-owned and fixed-at-creation ones. */
function keptWhenBlank(entity: EntityRuntime): string[] {
  return [...ownedFields(entity), ...Object.keys(entity.schema.fields).filter((name) => entity.schema.fields[name].immutable)];
}

/**
 * Updates the record a row names, as 编辑 would with the row's cells. Returns what is wrong with the row, or null
 * once it is saved.
 */
export async function updateFromRow(
  ctx: AppContext,
  entity: EntityRuntime,
  caller: Caller,
  row: ImportRow,
  scope: Awaited<ReturnType<typeof scopeConditions>>,
  tree: TreeRules | undefined,
): Promise<string | null> {
  const missing = `ID“${row.id}”的${entity.schema.title}不存在或无权修改：新增的行请清空ID列`;
  // Updating is editing: without 编辑 (whose holders also export unmasked values) the row would write masks back.
  if (!entityActions(entity.schema).includes('edit') || !caller.permissions.has(permissionCode(entity.schema, 'edit'))) {
    return `没有编辑${entity.schema.title}的权限，不能通过导入修改已有记录：新增的行请清空ID列`;
  }
  const existing = await findRow(ctx.db, entity, caller.tenantId, row.id, scope);
  if (!existing) return missing;
  const readOnlyChanged = Object.entries(row.readOnly)
    .filter(([name, value]) => value !== undefined && text(value) !== text(existing[name]))
    .map(([name]) => `${entity.schema.fields[name].label}由系统维护，导入不能修改：请改回“${shown(ctx, entity, name, existing[name])}”或清空该列`);
  if (readOnlyChanged.length > 0) return readOnlyChanged.join('；');
  const body: Record<string, unknown> = { ...row.data, id: row.id };
  const kept = keptWhenBlank(entity);
  for (const name of kept) if (body[name] === undefined) delete body[name];
  try {
    await editRecord(ctx, entity, caller, { id: row.id, body, scope, tree });
    return null;
  } catch (error: unknown) {
    if (!(error instanceof BusinessError)) throw error;
    if (error.message === NOT_FOUND) return missing;
    if (error.fieldErrors.length === 0) return error.message;
    return error.fieldErrors
      .map((e) => (kept.includes(e.field) ? `${e.message}：请改回“${shown(ctx, entity, e.field, existing[e.field])}”或清空该列` : e.message))
      .join('；');
  }
}

/** A new row may set neither what only operations change nor read-only fields; the sentence says what to do instead. */
export function newRowStateErrors(ctx: AppContext, entity: EntityRuntime, row: ImportRow): FieldError[] {
  const hint = `新增的行请清空该列；要更新已有的${entity.schema.title}，请保留导出文件中的ID列`;
  const readOnly = Object.entries(row.readOnly)
    .filter(([name, value]) => value !== undefined && text(value) !== text(entity.schema.fields[name].default))
    .map(([name]) => name);
  const labels = readOnly.map((name) => entity.schema.fields[name].label).join('、');
  const states = ownedFieldErrors(entity, row.record).map((error) => ({ ...error, message: `${error.message}：${hint}` }));
  // One sentence for all read-only columns (an exported row carries 审核状态 and 驳回原因 together).
  return [...(readOnly.length > 0 ? [{ field: readOnly[0], message: `${labels}由系统维护，不能导入：${hint.replace('该列', readOnly.length > 1 ? '这些列' : '该列')}` }] : []), ...states];
}
