/**
 * Issue 24 point 3: the stock JeecgBoot client sends its forms' numbers as strings ("departOrder":"2"), which
 * JeecgBoot's Jackson reads as numbers. The shared record normalisation takes decimal text in number fields as the
 * number; anything else stays text and the schema refuses it with the field's own message.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { AJV_OPTIONS, entityWriteSchema, normaliseRecord, pathMessage } from '../../src/contracts/validation/entity-json-schema.ts';

const entity = {
  kind: 'entity',
  name: 'numericDemo',
  title: '示例',
  table: 'numeric_demo',
  api: '/numeric/demo',
  permissionPrefix: 'numeric:demo',
  storage: { owner: 'migrations' },
  fields: {
    code: { label: '编码', type: 'string' },
    sortNo: { label: '排序', type: 'integer', minimum: 0 },
    weight: { label: '重量', type: 'number' },
    fee: { label: '运费', type: 'money' },
    active: { label: '启用', type: 'boolean' },
  },
  list: { columns: ['code'] },
  form: { fields: ['code', 'sortNo', 'weight', 'fee', 'active'] },
} as unknown as EntitySchema;

function messages(record: Record<string, unknown>): string[] {
  const validate = new Ajv({ ...AJV_OPTIONS }).compile(entityWriteSchema(entity));
  validate(normaliseRecord(entity, record));
  return (validate.errors ?? []).map((e) => pathMessage(entity, e.instancePath, e.keyword, e.params as Record<string, unknown>).message);
}

describe('numeric text in number fields', () => {
  it('takes "2", " 2 ", "2.50" and "-1.5e2" as the numbers JSON would send', () => {
    expect(normaliseRecord(entity, { sortNo: '2', weight: ' 2 ', fee: '2.50' })).toEqual({ sortNo: 2, weight: 2, fee: 2.5 });
    expect(normaliseRecord(entity, { weight: '-1.5e2', fee: '.5' })).toEqual({ weight: -150, fee: 0.5 });
    expect(messages({ sortNo: '2', weight: ' 2 ', fee: '2.50' })).toEqual([]);
  });

  it('leaves text in other fields and non-decimal text alone, so the field refuses it with its message', () => {
    expect(normaliseRecord(entity, { code: '2', active: '1' })).toEqual({ code: '2', active: '1' });
    expect(normaliseRecord(entity, { sortNo: 'abc', weight: '0x10', fee: 'Infinity' })).toEqual({ sortNo: 'abc', weight: '0x10', fee: 'Infinity' });
    expect(messages({ sortNo: 'abc' })).toEqual(['排序的类型不正确']);
    expect(messages({ weight: '0x10' })).toEqual(['重量的类型不正确']);
  });

  it('still applies the field rules to the number the text became', () => {
    expect(messages({ sortNo: '2.5' })).toEqual(['排序的类型不正确']);
    expect(messages({ sortNo: '-1' })).toEqual(['排序不能小于0']);
    expect(messages({ fee: '2.505' })).toEqual(['运费最多保留两位小数']);
  });
});
