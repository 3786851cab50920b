/**
 * `GET <api>/exportXls`: the rows a list request matches (same filters and order, or just `selections`), as a real
 * .xlsx streamed to the client while it is read from the database in batches. Values are what the list shows:
 * dictionary texts, 是/否, and masked privacy fields unless the caller may edit the record.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import type { FieldDef } from '../../src/contracts/entity.ts';
import type { AppContext, Caller } from '../context.ts';
import { BusinessError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';
import { directoryOf, isSecretProperty } from './field-types.ts';
import { fieldTypeServer } from '../../field-types/server.ts';
import type { QueryParams } from './query.ts';
import { countRows, iterateRows, presentRows } from './repository.ts';
import { tableTextsForRows } from '../dict/table-dicts.ts';
import { readScopeConditions } from './data-scope.ts';
import { fieldVisibility, seesMaskedInFull } from './field-visibility.ts';
import { orderTerms } from './query.ts';
import { hooksOf } from './hooks.ts';

export const EXPORT_ROW_LIMIT = 100_000;

const PLAIN_CELL: Partial<ExcelJS.Style> = {};

/** Header of the record id column: an import of the file updates the rows it names instead of adding copies. */
export const ID_COLUMN_LABEL = 'ID';

/** The spreadsheet's columns: every declared field in schema order, the creation time, then the record's id. */
export function exportColumns(entity: EntityRuntime): Array<{ property: string; field: FieldDef }> {
  return [
    // Password hashes are never exported.
    ...Object.entries(entity.schema.fields).filter(([property]) => !isSecretProperty(entity, property)).map(([property, field]) => ({ property, field })),
    { property: 'createTime', field: { label: '创建时间', type: 'datetime' } as FieldDef },
    { property: 'id', field: { label: ID_COLUMN_LABEL, type: 'string' } as FieldDef },
  ];
}

/** A template column's fixed value standing for the row's 1-based number. */
const ROW_NUMBER = '$rowNumber';

type ExportColumn = { property: string; field: FieldDef; value?: string };

/**
 * Schema `export.template`: the authority's fixed layout. Each column is a declared field under the template's
 * heading (shown as the list shows it) or a fixed value. A name that is no exported field is a schema error.
 */
function templateColumns(entity: EntityRuntime): ExportColumn[] {
  const known = new Map(exportColumns(entity).map((c) => [c.property, c.field]));
  return (entity.schema.export?.template.columns ?? []).map((column) => {
    if (column.field === undefined) return { property: '', field: { label: column.header, type: 'string' } as FieldDef, value: column.value ?? '' };
    const field = known.get(column.field);
    if (!field) throw new Error(`${entity.schema.name}: export.template names no exported field ${column.field}`);
    return { property: column.field, field: { ...field, label: column.header } };
  });
}

/** The row key a column's cell shows: the display text for coded fields, else the value itself. */
function shownKey(property: string, field: FieldDef): string {
  return field.dict || directoryOf(field) ? `${property}_dictText` : property;
}

function cellValue(row: WireRecord, key: string, field: FieldDef): string | number | null {
  const value = row[key];
  if (value === null || value === undefined || value === '') return null;
  const toCell = fieldTypeServer(field.type).sheet?.toCell;
  if (toCell) return toCell(value);
  if (typeof value === 'number') return value;
  return String(value);
}

export function attachmentHeader(filename: string): string {
  return `attachment; filename="${encodeURIComponent(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Every parameter is checked — filters, sort, selections, the row limit — before the first byte is sent: a refusal
 * then reaches the client as the envelope, where a refusal half-way would only cut the download.
 */
export async function exportXls(ctx: AppContext, entity: EntityRuntime, caller: Caller, params: QueryParams, reply: FastifyReply) {
  const visibility = fieldVisibility(entity, caller);
  orderTerms(entity, params, visibility);
  const rawSelections = Array.isArray(params.selections) ? params.selections[0] : params.selections;
  const selections = (rawSelections ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  const hooks = hooksOf(ctx, entity);
  await hooks.beforeRead?.({ ctx, caller, entity });
  const scope = [
    ...(selections.length > 0 ? [sql`id in (${sql.join(selections)})`] : []),
    ...(await readScopeConditions(ctx.db, entity, caller, reply.log)),
  ];
  const query = { entity, tenantId: caller.tenantId, params, scope, visibility };
  const total = await countRows(ctx.db, query);
  if (total > EXPORT_ROW_LIMIT) {
    throw new BusinessError(`导出数据共${total}条，超过${EXPORT_ROW_LIMIT}条上限，请缩小查询范围`);
  }
  const mask = !seesMaskedInFull(entity, caller);
  const template = entity.schema.export?.template;
  const columns: ExportColumn[] = template ? templateColumns(entity) : hooks.exportColumns ? hooks.exportColumns(exportColumns(entity)) : exportColumns(entity);
  const shown = columns.map(({ property, field, value }) => ({ key: shownKey(property, field), field, value }));
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(template?.sheet ?? entity.schema.title);
  sheet.columns = columns.map(({ property, field }, index) => ({
    header: field.label,
    key: `${property}#${index}`,
    width: fieldTypeServer(field.type).sheet?.width ?? Math.min(40, Math.max(12, field.label.length * 2 + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  const filename = `${template?.filename ?? `${entity.schema.title}列表`}.xlsx`;
  let rowNumber = 0;
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', attachmentHeader(filename));
  reply.header('cache-control', 'no-store');

  // Rows are written while the response streams; a failure half-way ends the stream rather than hanging it.
  void (async () => {
    for await (const batch of iterateRows(ctx.db, query)) {
      const tableTexts = await tableTextsForRows(ctx.db, ctx.tableDicts, entity, caller.tenantId, batch);
      const shownRows = presentRows(entity, ctx.dicts, batch, mask, tableTexts, caller);
      // The domain's additions, as the list shows them (hooks.present).
      for (const row of hooks.present ? await hooks.present(shownRows, { ctx, caller, entity }) : shownRows) {
        rowNumber += 1;
        const written = sheet.addRow(shown.map(({ key, field, value }) =>
          value === undefined ? cellValue(row, key, field) : value === ROW_NUMBER ? rowNumber : value));
        // exceljs gives every new cell a style object of its own and renders each one to XML to find its style id;
        // data cells are unstyled, so one shared object is looked up once (most of an export's time otherwise).
        written.eachCell({ includeEmpty: true }, (cell) => {
          cell.style = PLAIN_CELL;
        });
        written.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    reply.log.error(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(out);
}
