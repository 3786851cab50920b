/**
 * `rows` fields in the shared validation: one JSON Schema for the browser form and the server, and messages that
 * name the field and the row (`报表列第2行：请输入标题`), wherever ajv or rjsf reports the path.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { AJV_OPTIONS, entityWriteSchema, normaliseRecord, pathMessage } from '../../src/contracts/validation/entity-json-schema.ts';

const entity = {
  kind: 'entity',
  name: 'rowsDemo',
  title: '示例',
  table: 'rows_demo',
  api: '/rows/demo',
  permissionPrefix: 'rows:demo',
  storage: { owner: 'migrations' },
  fields: {
    name: { label: '名称', type: 'string', required: true },
    columns: {
      label: '报表列',
      type: 'rows',
      required: true,
      maxRows: 2,
      rowFields: {
        field: { label: '字段名', type: 'string', required: true, pattern: '^[a-z_]+$', message: '字段名只能是小写字母和下划线' },
        title: { label: '标题', type: 'string', required: true },
        width: { label: '宽度', type: 'integer', minimum: 40 },
      },
    },
  },
  list: { columns: ['name'] },
  form: { fields: ['name', 'columns'] },
} as unknown as EntitySchema;

function errorsOf(record: Record<string, unknown>) {
  const validate = new Ajv({ ...AJV_OPTIONS }).compile(entityWriteSchema(entity));
  validate(normaliseRecord(entity, record));
  return (validate.errors ?? []).map((e) => {
    const params = e.params as Record<string, unknown>;
    const path = e.keyword === 'required' && !e.instancePath ? String(params.missingProperty) : e.instancePath;
    return pathMessage(entity, path, e.keyword, params);
  });
}

describe('rows fields', () => {
  it('accepts rows of the declared sub-fields, trimmed, empty values left out', () => {
    const record = normaliseRecord(entity, { name: ' 报表 ', columns: [{ field: ' code ', title: '编码', width: '' }] });
    expect(record).toEqual({ name: '报表', columns: [{ field: 'code', title: '编码' }] });
    expect(errorsOf(record)).toEqual([]);
  });

  it('names the row and the sub-field that fails', () => {
    expect(errorsOf({ name: '报表', columns: [{ field: 'a', title: 'A' }, { field: 'b' }] })).toEqual([{ field: 'columns', message: '报表列第2行：请输入标题' }]);
    expect(errorsOf({ name: '报表', columns: [{ field: 'A-1', title: 'A' }] })).toEqual([{ field: 'columns', message: '报表列第1行：字段名只能是小写字母和下划线' }]);
    expect(errorsOf({ name: '报表', columns: [{ field: 'a', title: 'A', width: 10 }] })).toEqual([{ field: 'columns', message: '报表列第1行：宽度不能小于40' }]);
  });

  it('drops unknown sub-fields, and refuses too many rows or none when required', () => {
    expect(errorsOf({ name: '报表', columns: [{ field: 'a', title: 'A', x: 1 }] })).toEqual([]);
    expect(errorsOf({ name: '报表', columns: [{ field: 'a', title: 'A' }, { field: 'b', title: 'B' }, { field: 'c', title: 'C' }] })).toEqual([
      { field: 'columns', message: '报表列最多2行' },
    ]);
    expect(errorsOf({ name: '报表', columns: [] })).toEqual([{ field: 'columns', message: '请添加报表列' }]);
  });

  it('reads rjsf paths the same way', () => {
    expect(pathMessage(entity, '.columns.0.title', 'required', {})).toEqual({ field: 'columns', message: '报表列第1行：请输入标题' });
    expect(pathMessage(entity, '.name', 'required', {})).toEqual({ field: 'name', message: '请输入名称' });
  });
});
