/** The editable grid's model: rule presets, cell validation, exact footer totals and row operations. */
import { describe, expect, it } from 'vitest';
import { GRID_RULE_PRESETS, fillPlaceholders, patternRegex, type GridColumn } from '../../src/contracts/grid.ts';
import { add, divide, formatDecimal, parseDecimal, parseSmallDecimal } from '../../renderers/editable-table/decimal.ts';
import { FooterTotals } from '../../renderers/editable-table/statistics.ts';
import { GridStore } from '../../renderers/editable-table/store.ts';
import { typedNumber } from '../../renderers/editable-table/LightEditors.tsx';
import { validateCell, validateRows } from '../../renderers/editable-table/validation.ts';
import {
  addRows,
  blankRow,
  canMoveDown,
  canMoveUp,
  insertBelow,
  isTempId,
  moveDown,
  moveRow,
  moveUp,
  removeRows,
  rewriteOrder,
  rowsForSave,
  type GridRow,
} from '../../renderers/editable-table/rows.ts';

const presetCases: Record<string, { valid: string[]; invalid: string[] }> = {
  '*': { valid: ['a', ' '], invalid: [''] },
  'n6-16': { valid: ['123456', '123456789012345678'], invalid: ['12345', '1234567890123456789', '12345a'] },
  '*6-16': { valid: ['abc!@#', 'a'.repeat(16)], invalid: ['abcde', 'a'.repeat(17)] },
  's6-18': { valid: ['abcDEF', 'abc|de'], invalid: ['abcde', 'abc123'] },
  url: { valid: ['https://example.com/a?b=1#c', 'example.com'], invalid: ['http://exa mple.com', 'a b'] },
  e: { valid: ['zhang.san@mail.com', 'li@corp.com.cn'], invalid: ['a@b.cn', 'no-at.com'] },
  m: { valid: ['13800138000', '19912345678'], invalid: ['12800138000', '1380013800'] },
  p: { valid: ['100000', '518000'], invalid: ['10000', '1000000'] },
  s: { valid: ['abc', 'ABC'], invalid: ['ab1', 'a b'] },
  n: { valid: ['12', '-3.5', '0.25'], invalid: ['1.', 'abc', '1.2.3'] },
  z: { valid: ['0', '-17'], invalid: ['1.5', 'x'] },
  money: { valid: ['12', '0.5', '12.34'], invalid: ['0', '12.345', '-1', '01'] },
};

describe('rule presets', () => {
  for (const [code, { valid, invalid }] of Object.entries(presetCases)) {
    it(`${code}: accepts ${valid.join(', ')} and refuses ${invalid.map((v) => JSON.stringify(v)).join(', ')}`, () => {
      const regex = GRID_RULE_PRESETS[code].regex;
      for (const value of valid) expect(regex.test(value), value).toBe(true);
      for (const value of invalid) expect(regex.test(value), value).toBe(false);
    });
  }

  it('uses any other pattern as a literal RegExp and reports one that does not compile', () => {
    expect(patternRegex('^A\\d{2}$')?.test('A12')).toBe(true);
    expect(patternRegex('([')).toBeUndefined();
  });

  it('fills ${title} and ${key} placeholders and leaves unknown ones', () => {
    expect(fillPlaceholders('请输入${title}（${key}）${nope}', { title: '数量', key: 'qty' })).toBe('请输入数量（qty）${nope}');
  });
});

const qty: GridColumn = { key: 'qty', title: '数量', type: 'inputNumber', validateRules: [{ required: true }, { pattern: 'z', message: '${title}须为整数' }] };
const code: GridColumn = { key: 'code', title: '编码', type: 'input', validateRules: [{ unique: true }] };
const phone: GridColumn = { key: 'phone', title: '电话', type: 'input', validateRules: [{ pattern: 'm' }, { handler: 'notBlocked' }] };

describe('cell validation', () => {
  const rows = [
    { id: '1', qty: '3', code: 'A', phone: '' },
    { id: '2', qty: '', code: 'B', phone: '13800138000' },
    { id: '3', qty: '2.5', code: 'A ', phone: '13900139000' },
  ];

  it('reports every failing cell in row then column order, with the first rule that fails', async () => {
    const blocked = async (value: unknown) => (value === '13900139000' ? '该号码已停用' : undefined);
    const errors = await validateRows(rows, [qty, code, phone], { notBlocked: blocked });
    expect(errors).toEqual([
      { rowIndex: 0, key: 'code', message: '编码不能重复' },
      { rowIndex: 1, key: 'qty', message: '数量不能为空' },
      { rowIndex: 2, key: 'qty', message: '数量须为整数' },
      { rowIndex: 2, key: 'code', message: '编码不能重复' },
      { rowIndex: 2, key: 'phone', message: '该号码已停用' },
    ]);
  });

  it('checks an empty cell only for required, and names an unregistered handler', () => {
    expect(validateCell(rows, 0, phone, {})).toBeUndefined();
    expect(validateCell(rows, 1, phone, {})).toBe('电话的校验器未注册：notBlocked');
    expect(validateCell(rows, 1, { ...phone, validateRules: [{ pattern: 'm' }] })).toBeUndefined();
    expect(validateCell([{ id: 'x', phone: '123' }], 0, { ...phone, validateRules: [{ pattern: 'm' }] })).toBe('请输入正确的手机号码');
  });

  it('treats pattern * as required and pattern only as unique', async () => {
    const star: GridColumn = { key: 'name', title: '名称', type: 'input', validateRules: [{ pattern: '*' }] };
    const only: GridColumn = { key: 'name', title: '名称', type: 'input', validateRules: [{ pattern: 'only' }] };
    expect(validateCell([{ id: 'a', name: '' }], 0, star)).toBe('名称不能为空');
    expect(await validateRows([{ name: 'x' }, { name: 'x' }], [only])).toHaveLength(2);
  });

  it('validates 1,000 rows against ten rules each', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: String(i), qty: String(i % 7 === 0 ? 'x' : i), code: `C${i}`, phone: '13800138000' }));
    const errors = await validateRows(many, [qty, code, { ...phone, validateRules: [{ pattern: 'm' }] }]);
    expect(errors.filter((e) => e.key === 'qty')).toHaveLength(Math.ceil(1000 / 7));
    expect(errors.some((e) => e.key === 'code')).toBe(false);
  });
});

describe('exact decimals and footer totals', () => {
  it('adds without float error and formats with the scale asked for', () => {
    const sum = add(parseDecimal('0.1')!, parseDecimal('0.2')!);
    expect(formatDecimal(sum)).toBe('0.3');
    expect(formatDecimal(parseDecimal(-1.5)!, 3)).toBe('-1.500');
    expect(formatDecimal(divide(parseDecimal('10')!, 3, 2))).toBe('3.33');
    expect(formatDecimal(divide(parseDecimal('-2')!, 3, 2))).toBe('-0.67');
    expect(parseDecimal('abc')).toBeUndefined();
    expect(parseDecimal('')).toBeUndefined();
  });

  it('keeps 合计 and 平均 up to date cell by cell, skipping empty and non-numeric cells', () => {
    const amount: GridColumn = { key: 'amount', title: '金额', type: 'inputNumber', statistics: ['sum', 'average'] };
    const totals = new FooterTotals([amount, { key: 'name', title: '名称', type: 'input' }]);
    totals.reset([{ amount: '19.99' }, { amount: '0.01' }, { amount: '' }, { amount: 'x' }]);
    expect(totals.rows()).toEqual(['sum', 'average']);
    expect(totals.text('amount', 'sum')).toBe('20.00');
    expect(totals.text('amount', 'average')).toBe('10.0000');
    totals.change('amount', '0.01', '100.005');
    expect(totals.text('amount', 'sum')).toBe('119.995');
    totals.addRow({ amount: 1 });
    totals.removeRow({ amount: '19.99' });
    expect(totals.text('amount', 'sum')).toBe('101.005');
    expect(totals.text('name', 'sum')).toBe('');
  });

  it('parses short decimals without BigInt and hands long or exponent values to the exact parser', () => {
    expect(parseSmallDecimal(' -12.50 ')).toEqual({ units: -1250, scale: 2 });
    expect(parseSmallDecimal('+.5')).toEqual({ units: 5, scale: 1 });
    expect(parseSmallDecimal('007')).toEqual({ units: 7, scale: 0 });
    expect(parseSmallDecimal(42)).toEqual({ units: 42, scale: 0 });
    expect(parseSmallDecimal(0.1)).toEqual({ units: 1, scale: 1 });
    expect(parseSmallDecimal('999999999999999')).toEqual({ units: 999999999999999, scale: 0 });
    expect(parseSmallDecimal('1234567890123456')).toBeNull();
    expect(parseSmallDecimal('1e5')).toBeNull();
    for (const empty of ['', '  ', '-', '.', 'x', '1.2.3', '12a', null, undefined, true]) expect(parseSmallDecimal(empty)).toBeUndefined();
  });

  it('stays exact past 15 digits, past 2^53 and across scales', () => {
    const amount: GridColumn = { key: 'amount', title: '金额', type: 'inputNumber', statistics: ['sum', 'average'] };
    const totals = new FooterTotals([amount]);
    // Each value is short, but the sum passes Number.MAX_SAFE_INTEGER in units of 0.01.
    totals.reset([{ amount: '99999999999999.99' }, { amount: '99999999999999.99' }, { amount: '0.02' }]);
    expect(totals.text('amount', 'sum')).toBe('200000000000000.00');
    expect(totals.text('amount', 'average')).toBe('66666666666666.6667');
    // Values too long for a double, in and out again.
    totals.addRow({ amount: '12345678901234567890.123' });
    expect(totals.text('amount', 'sum')).toBe('12345878901234567890.123');
    totals.removeRow({ amount: '12345678901234567890.123' });
    expect(totals.text('amount', 'sum')).toBe('200000000000000.000');
    // A tiny scale after big sums: the fast sum would overflow when rescaled, so it moves to the exact one.
    totals.change('amount', '0.02', '0.0000000000000000001');
    expect(totals.text('amount', 'sum')).toBe('199999999999999.9800000000000000001');
    // Floats that are not exact in binary still add as the decimals shown.
    const small = new FooterTotals([amount]);
    small.reset([{ amount: 0.1 }, { amount: 0.2 }, { amount: '-0.3' }, { amount: 1e-7 }]);
    expect(small.text('amount', 'sum')).toBe('0.0000001');
  });
});

describe('grid store unique counts', () => {
  const code: GridColumn = { key: 'code', title: '编码', type: 'input', validateRules: [{ unique: true }] };
  const name: GridColumn = { key: 'name', title: '名称', type: 'input' };
  const rows = (): GridRow[] => [
    { id: 'a', code: 'A1', name: 'x' },
    { id: 'b', code: 'B1', name: 'x' },
    { id: 'c', code: ' A1 ', name: 'y' },
  ];

  it('keeps per-column value counts through edits, patches, adds, removes and reloads', () => {
    const store = new GridStore([code, name], rows());
    expect(store.valueCounts('name')).toBeUndefined();
    expect(Object.fromEntries(store.valueCounts('code')!)).toEqual({ A1: 2, B1: 1 });
    const check = (id: string) => validateCell(store.all(), store.positionOf(id), code, {}, store.valueCounts('code'));
    expect(check('a')).toBe('编码不能重复');
    store.setCell('c', 'code', 'C1');
    expect(Object.fromEntries(store.valueCounts('code')!)).toEqual({ A1: 1, B1: 1, C1: 1 });
    expect(check('a')).toBeUndefined();
    store.patchRow('b', { code: 'C1' });
    expect(check('c')).toBe('编码不能重复');
    const [added] = store.add();
    store.setCell(added.id, 'code', 'A1');
    expect(check('a')).toBe('编码不能重复');
    store.remove(new Set([added.id, 'b']));
    expect(Object.fromEntries(store.valueCounts('code')!)).toEqual({ A1: 1, C1: 1 });
    expect(check('c')).toBeUndefined();
    store.replaceAll(rows());
    expect(Object.fromEntries(store.valueCounts('code')!)).toEqual({ A1: 2, B1: 1 });
    // The kept counts agree with counting the rows afresh.
    for (const row of store.all()) expect(check(row.id)).toBe(validateCell(store.all(), store.positionOf(row.id), code));
  });
});

describe('row operations', () => {
  const columns: GridColumn[] = [
    { key: 'rowNo', title: '', type: 'row-number' },
    { key: 'unit', title: '单位', type: 'input', defaultValue: '吨' },
    { key: 'qty', title: '数量', type: 'inputNumber' },
  ];
  const three: GridRow[] = [
    { id: 'a', unit: '件' },
    { id: 'b', unit: '件' },
    { id: 'c', unit: '件' },
  ];

  it('adds rows with temporary ids and the columns’ defaults, and inserts below a row', () => {
    const row = blankRow(columns);
    expect(isTempId(row.id)).toBe(true);
    expect(row).toEqual({ id: row.id, unit: '吨' });
    expect(addRows(three, columns, 2)).toHaveLength(5);
    const inserted = insertBelow(three, 0, columns);
    expect(inserted.map((r) => r.id).slice(0, 1)).toEqual(['a']);
    expect(isTempId(inserted[1].id)).toBe(true);
    expect(inserted[2].id).toBe('b');
  });

  it('moves rows, refusing to move the first up or the last down', () => {
    expect(canMoveUp(0)).toBe(false);
    expect(canMoveDown(2, 3)).toBe(false);
    expect(moveUp(three, 0)).toBe(three);
    expect(moveDown(three, 2)).toBe(three);
    expect(moveUp(three, 2).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(moveDown(three, 0).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(moveRow(three, 0, 2).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('deletes the selected rows and rewrites orderNum to positions before saving, without temporary ids', () => {
    const rows = addRows(removeRows(three, new Set(['b'])), columns);
    expect(rows.map((r) => r.id).slice(0, 2)).toEqual(['a', 'c']);
    expect(rewriteOrder(rows).map((r) => r.orderNum)).toEqual([1, 2, 3]);
    const saved = rowsForSave(rows, { dragSortKey: 'sortNo' });
    expect(saved).toEqual([
      { id: 'a', unit: '件', sortNo: 1 },
      { id: 'c', unit: '件', sortNo: 2 },
      { unit: '吨', sortNo: 3 },
    ]);
  });
});

describe('pasting from a spreadsheet', async () => {
  const { parseClipboard, planPaste } = await import('../../renderers/editable-table/clipboard.ts');
  const cols: GridColumn[] = [
    { key: 'no', title: '#', type: 'row-number' },
    { key: 'goods', title: '货物', type: 'input' },
    { key: 'locked', title: '只读', type: 'normal' },
    { key: 'weight', title: '重量', type: 'inputNumber' },
  ];
  const editable = (c: GridColumn) => c.type === 'input' || c.type === 'inputNumber';

  it('splits tab-separated lines and unquotes Excel cells', () => {
    expect(parseClipboard('a\tb\r\nc\td\r\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseClipboard('"x\ty"\t"say ""hi"""\n')).toEqual([['x\ty', 'say "hi"']]);
  });

  it('fills editable columns from the active cell and adds the rows the block needs', () => {
    const plan = planPaste([['钢材', '12'], ['水泥', '3', 'extra']], cols, 1, 'goods', 2, editable);
    expect(plan.addRows).toBe(1);
    expect(plan.writes).toEqual([
      { position: 1, key: 'goods', value: '钢材' },
      { position: 1, key: 'weight', value: '12' },
      { position: 2, key: 'goods', value: '水泥' },
      { position: 2, key: 'weight', value: '3' },
    ]);
  });
});

describe('typing into a number cell', () => {
  it('reports the number the text stands for, as antd InputNumber in string mode does, and nothing while it is not one', () => {
    expect(['', ' ', '12', '007.50', '1.', '.5', '-0', '-3.20', '+4'].map(typedNumber)).toEqual(['', '', '12', '7.5', '1', '0.5', '0', '-3.2', '4']);
    expect(['-', '+', '.', 'a', '1a', '1.2.3', '1e5'].map(typedNumber)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
