/**
 * The form the benchmark types into: one entity of N fields with the mix a freight form has — mostly short text,
 * numbers, money, dates, dictionaries, a few long texts — and the rules such fields carry.
 */
import type { EntitySchema, FieldDef } from '../../src/contracts/index.ts';
import type { DictModel } from '../../src/contracts/index.ts';

export const BENCH_DICT = 'bench_status';
export const BENCH_DICT_ITEMS: DictModel[] = ['待审核', '审核通过', '审核驳回', '已停用'].map((text, index) => ({
  value: String(index + 1),
  text,
  title: text,
  label: text,
}));

export function fieldName(index: number): string {
  return `f${String(index + 1).padStart(3, '0')}`;
}

export function fieldLabel(index: number): string {
  return `字段${String(index + 1).padStart(3, '0')}`;
}

function fieldAt(index: number): FieldDef {
  const label = fieldLabel(index);
  switch (index % 10) {
    case 5:
      return { label, type: 'integer', minimum: 0, maximum: 100000 };
    case 6:
      return { label, type: 'money', minimum: 0 };
    case 7:
      return { label, type: 'date' };
    case 8:
      return { label, type: 'string', dict: BENCH_DICT };
    case 9:
      return index % 20 === 9 ? { label, type: 'text', maxLength: 500 } : { label, type: 'string', format: 'mobile' };
    default:
      // The first field is plain text so both forms can be typed into the same way.
      return { label, type: 'string', maxLength: 50, required: index % 4 === 1 };
  }
}

export function benchEntity(count: number): EntitySchema {
  const fields: Record<string, FieldDef> = {};
  for (let i = 0; i < count; i++) fields[fieldName(i)] = fieldAt(i);
  // The last field is typed into too: make it plain text whatever the mix says.
  fields[fieldName(count - 1)] = { label: fieldLabel(count - 1), type: 'string', maxLength: 50 };
  return {
    kind: 'entity',
    name: 'benchForm',
    title: '基准表单',
    table: 'bench_form',
    api: '/bench/benchForm',
    permissionPrefix: 'bench:benchForm',
    fields,
    list: { columns: [fieldName(0)] },
    form: { fields: Object.keys(fields), columns: 2, width: 1000 },
  };
}
