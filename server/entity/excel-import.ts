/**
 * `POST <api>/importExcel`: rows of an .xlsx (first sheet, headers = field labels or property names) become records
 * checked by the same rules as the add form. Valid rows are inserted together in one transaction; invalid ones are
 * listed in an error report (the rows with a 错误信息 column) stored for the caller's tenant. Partial success answers
 * `code:201` with `{totalCount, errorCount, successCount, msg, fileUrl, fileName}` (contract §1.1).
 */
import ExcelJS from 'exceljs';
import { isMultiValue, type FieldDef } from '../../src/contracts/entity.ts';
import type { FieldError, Result, WireRecord } from '../../src/contracts/envelope.ts';
import { normaliseRecord } from '../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { storeUpload } from '../files/routes.ts';
import type { FileStore } from '../files/store.ts';
import type { EntityRuntime } from './registry.ts';
import { insertRow } from './repository.ts';
import { isSecretProperty, prepareForStore, resolveDirectoryNames, sanitiseRecord } from './field-types.ts';
import { fieldTypeServer } from '../../field-types/server.ts';
import { applyDefaults, fileErrors, recordErrors, referenceErrors, uniqueErrors, writableValues } from './validation.ts';
import { capabilityDefaults } from '../../capabilities/server.ts';
import { assertParentInScope, enforceRecordCustomer, scopeConditions } from './data-scope.ts';
import { treeRules } from './tree.ts';
import { ID_COLUMN_LABEL } from './excel-export.ts';
import { resolveTableTexts } from './import-texts.ts';
import { newRowStateErrors, updateFromRow, type ImportRow } from './import-rows.ts';
import { creationValues } from './tenancy.ts';
import { hookWrittenValues, hooksOf } from './hooks.ts';

export const IMPORT_ROW_LIMIT = 10_000;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

type Cell = ExcelJS.CellValue;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A cell as the text a person typed: rich text joined, formulas by their result, dates in the field's format. */
export function cellText(value: Cell, field: FieldDef): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Spreadsheet dates carry no zone; exceljs reads them as UTC.
    return fieldTypeServer(field.type).sheet?.dateText?.(value) ?? `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as Cell, field);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

/** Converts typed text to the field's type; returns the text itself when it does not convert, so validation names it. */
export function typedValue(ctx: AppContext, field: FieldDef, text: string, headedByProperty = false): unknown {
  if (text === '') return undefined;
  if (field.dict && !ctx.tableDicts.has(field.dict)) {
    // Several texts (multi-dict, checkbox) are typed comma-joined, as the export writes them.
    if (isMultiValue(field)) return text.split(/[,，]/).map((part) => ctx.dicts.valueFor(field.dict!, part.trim()) ?? part.trim()).join(',');
    return ctx.dicts.valueFor(field.dict, text) ?? text;
  }
  const fromText = fieldTypeServer(field.type).sheet?.fromText;
  return fromText ? fromText(text, { field, headedByProperty }) : text;
}

export async function importExcel(
  ctx: AppContext,
  entity: EntityRuntime,
  caller: Caller,
  store: FileStore,
  file: { filename: string; data: Buffer },
): Promise<Result<unknown>> {
  if (!/\.xlsx$/i.test(file.filename) || !ZIP_MAGIC.every((byte, i) => file.data[i] === byte)) {
    throw new BusinessError('请上传 .xlsx 格式的Excel文件');
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file.data as unknown as ExcelJS.Buffer);
  } catch {
    throw new BusinessError('无法读取该Excel文件，请检查文件是否损坏');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw new BusinessError('Excel中没有数据行');

  // Header cells name fields by label (as exported) or by property name; the export's ID column names the record.
  const byHeader = new Map<string, string>([[ID_COLUMN_LABEL, 'id'], ['id', 'id']]);
  // Read-only columns are read too, only to tell a changed value from the exported one (import-rows.ts).
  for (const [property, field] of Object.entries(entity.schema.fields)) {
    byHeader.set(field.label, property);
    byHeader.set(property, property);
  }
  const headerRow = sheet.getRow(1);
  const columnField = new Map<number, string>();
  // Columns headed by the property name rather than the label (an outside system's export: money in fen, `importFen`).
  const propertyHeaded = new Set<number>();
  const headers: string[] = [];
  headerRow.eachCell((cell, column) => {
    const header = cellText(cell.value, { label: '', type: 'string' }).replace(/[*＊]$/, '').trim();
    headers[column] = header;
    const property = byHeader.get(header);
    if (property) columnField.set(column, property);
    if (property && header === property) propertyHeaded.add(column);
  });
  if (columnField.size === 0) throw new BusinessError(`表头与${entity.schema.title}的字段不对应，请使用导出的文件作为模板`);

  const rows: ImportRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line === 1) return;
    const cells: string[] = [];
    const data: Record<string, unknown> = {};
    const readOnly: Record<string, unknown> = {};
    let id = '';
    for (const [column, property] of columnField) {
      if (property === 'id') {
        id = cells[column] = cellText(row.getCell(column).value, { label: ID_COLUMN_LABEL, type: 'string' });
        continue;
      }
      const text = cellText(row.getCell(column).value, entity.schema.fields[property]);
      cells[column] = text;
      const value = typedValue(ctx, entity.schema.fields[property], text, propertyHeaded.has(column));
      (entity.schema.fields[property].readOnly ? readOnly : data)[property] = value;
    }
    if (cells.every((text) => !text)) return;
    rows.push({ line, cells, data, readOnly, id, record: {} });
  });
  if (rows.length === 0) throw new BusinessError('Excel中没有数据行');
  if (rows.length > IMPORT_ROW_LIMIT) throw new BusinessError(`一次最多导入${IMPORT_ROW_LIMIT}行，请拆分文件`);

  const hooks = hooksOf(ctx, entity);
  // Each row as read (the write events' body), before the domain prepares the rows (hooks.prepareImport).
  const sent = new Map(rows.map((row) => [row, { ...row.data } as WireRecord]));
  await hooks.prepareImport?.(rows, { ctx, caller, entity });
  await resolveDirectoryNames(ctx.db, entity, caller.tenantId, rows.flatMap((row) => [row.data, row.readOnly]));
  const textProblems = await resolveTableTexts(ctx, entity, caller.tenantId, rows.map((row) => row.data));
  // Read-only texts are only compared with the stored value: one that names nothing reads as changed.
  await resolveTableTexts(ctx, entity, caller.tenantId, rows.map((row) => row.readOnly));
  for (const row of rows) {
    row.record = normaliseRecord(entity.schema, row.data);
    sanitiseRecord(entity, row.record);
  }
  const good: Array<Record<string, unknown>> = [];
  const bodies = new Map<Record<string, unknown>, WireRecord>();
  const bad: Array<{ line: number; cells: string[]; message: string }> = [];
  const seen = new Map<string, Set<unknown>>();
  // Checks of a row against the file's rows before it that the hooks bring (a repeated uniqueTogether combination).
  const inFile = hooks.fileChecker?.();
  // Tree entities: each row's parent must be an existing node of the tenant; those parents gain hasChild.
  const tree = treeRules(entity);
  const parents = new Set<string>();
  const config = await capabilityDefaults(ctx, entity);
  const writeScope = await scopeConditions(ctx.db, entity, caller);
  const updatedIds = new Set<string>();
  let updated = 0;
  for (const [index, row] of rows.entries()) {
    const unresolved = textProblems.get(index);
    if (unresolved) {
      bad.push({ line: row.line, cells: row.cells, message: unresolved.map((e) => e.message).join('；') });
      continue;
    }
    if (row.id) {
      // A row naming a record (the export's ID column) updates it, with every rule of 编辑.
      const problem = updatedIds.has(row.id) ? `ID“${row.id}”在文件中重复` : await updateFromRow(ctx, entity, caller, row, writeScope, tree);
      updatedIds.add(row.id);
      if (problem) bad.push({ line: row.line, cells: row.cells, message: problem });
      else updated += 1;
      continue;
    }
    applyDefaults(entity, row.record, config);
    await enforceRecordCustomer(entity, caller, row.record);
    const errors = [...newRowStateErrors(ctx, entity, row), ...(await parentErrors(ctx, entity, caller, row.record))];
    if (errors.length === 0) errors.push(...recordErrors(ctx, entity, row.record));
    if (errors.length === 0) errors.push(...(await uniqueErrors(ctx, entity, caller, row.record)), ...(await fileErrors(ctx, entity, caller, row.record)), ...(await referenceErrors(ctx, entity, caller, row.record)));
    // Two rows of the same file may not share a unique value either.
    for (const [name, field] of Object.entries(entity.schema.fields)) {
      if (!(field.unique || hooks.uniqueFields?.includes(name)) || row.record[name] === undefined || errors.some((e) => e.field === name)) continue;
      const values = seen.get(name) ?? new Set<unknown>();
      if (values.has(row.record[name])) errors.push({ field: name, message: `${field.label}“${String(row.record[name])}”在文件中重复` });
      values.add(row.record[name]);
      seen.set(name, values);
    }
    if (errors.length === 0 && inFile) errors.push(...inFile(row.record));
    if (errors.length === 0 && tree) {
      try {
        for (const parent of await tree.beforeWrite(ctx.db, caller.tenantId, row.record)) parents.add(parent);
      } catch (error: unknown) {
        // A parent that is missing, or too deep, refuses this row only.
        if (!(error instanceof BusinessError)) throw error;
        errors.push(...(error.fieldErrors.length > 0 ? error.fieldErrors : [{ field: tree.tree.parentField, message: error.message }]));
      }
    }
    if (errors.length > 0) bad.push({ line: row.line, cells: row.cells, message: errors.map((e) => e.message).join('；') });
    else {
      good.push(row.record);
      bodies.set(row.record, sent.get(row) ?? {});
    }
  }

  if (good.length > 0) {
    await ctx.db.transaction().execute(async (tx) => {
      for (const record of good) {
        await prepareForStore(entity, record);
        // The same hooks as 新增 (a user's roles and departments are written by afterWrite).
        const event = { ctx, tx, caller, entity, id: newId(), record, body: bodies.get(record) ?? {} };
        await hooks.beforeWrite?.(event);
        await insertRow(tx, entity, {
          // Read-only values a beforeWrite hook set are written as on 新增 (a receipt's match).
          id: event.id, ...writableValues(entity, record), ...hookWrittenValues(entity, record), ...creationValues(entity, caller),
        });
        await hooks.afterWrite?.(event);
      }
      if (tree) await tree.refresh(tx, caller.tenantId, [...parents]);
    });
  }
  const imported = good.length + updated;
  if (bad.length === 0) return ok(null, `文件导入成功！数据行数：${imported}${updated > 0 ? `（新增${good.length}，更新${updated}）` : ''}`);

  // A typed password is never echoed into the error report.
  const secret = [...columnField].filter(([, property]) => isSecretProperty(entity, property)).map(([column]) => column);
  const report = await errorReport(headers, bad.map((row) => ({ ...row, cells: row.cells.map((cell, column) => (secret.includes(column) && cell ? '******' : cell)) })));
  const fileName = `${entity.schema.title}导入错误.xlsx`;
  const stored = await storeUpload(ctx, store, caller, { filename: fileName, data: report, biz: 'errlog' });
  const msg = `总上传行数：${rows.length}，已导入行数：${imported}，错误行数：${bad.length}`;
  return {
    success: true,
    code: 201,
    message: msg,
    result: { totalCount: rows.length, errorCount: bad.length, successCount: imported, msg, fileUrl: `/sys/common/static/${stored.path}`, fileName },
    timestamp: Date.now(),
  };
}

/** A row whose parent (`dataScope.parent`) the caller may not change is refused, naming the field. */
async function parentErrors(ctx: AppContext, entity: EntityRuntime, caller: Caller, record: Record<string, unknown>): Promise<FieldError[]> {
  try {
    await assertParentInScope(ctx.db, entity, caller, record);
    return [];
  } catch (error: unknown) {
    if (error instanceof BusinessError) return error.fieldErrors;
    throw error;
  }
}

/** The refused rows as they were, with the line number and what is wrong. */
export async function errorReport(headers: string[], bad: Array<{ line: number; cells: string[]; message: string }>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('错误数据');
  const columns = headers.map((header, column) => ({ header, column })).filter((c) => c.header !== undefined);
  sheet.addRow(['行号', ...columns.map((c) => c.header), '错误信息']).font = { bold: true };
  for (const row of bad) sheet.addRow([row.line, ...columns.map((c) => row.cells[c.column] ?? ''), row.message]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
