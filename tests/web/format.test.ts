import { describe, expect, it } from 'vitest';
import { ellipsis, formatBoolean, formatDate, formatDateTime, formatMoney, formatValue } from '../../src/engine/format.ts';

describe('field formatters', () => {
  it('shows money with two decimals and thousands separators', () => {
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney('98000')).toBe('98,000.00');
    expect(formatMoney(0.456)).toBe('0.46');
    expect(formatMoney(-1234.5)).toBe('-1,234.50');
    expect(formatMoney(-0.001)).toBe('0.00');
    expect(formatMoney(999)).toBe('999.00');
    expect(formatMoney('abc')).toBe('abc');
    expect(formatMoney(null)).toBe('');
  });

  it('shows datetimes as YYYY-MM-DD HH:mm:ss and dates as YYYY-MM-DD', () => {
    expect(formatDateTime('2024-05-01 08:00:00')).toBe('2024-05-01 08:00:00');
    expect(formatDateTime('2024-05-01T08:09:10')).toBe('2024-05-01 08:09:10');
    expect(formatDateTime('2024-05-01')).toBe('2024-05-01 00:00:00');
    expect(formatDate('2024-05-01 23:10:00')).toBe('2024-05-01');
    expect(formatDate('2024-05-01')).toBe('2024-05-01');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate(undefined)).toBe('');
  });

  it('shows booleans as 是/否', () => {
    expect(formatBoolean(true)).toBe('是');
    expect(formatBoolean('true')).toBe('是');
    expect(formatBoolean(1)).toBe('是');
    expect(formatBoolean(false)).toBe('否');
    expect(formatBoolean('0')).toBe('否');
    expect(formatBoolean(null)).toBe('');
  });

  it('picks the formatter by field type and reads other types as text', () => {
    expect(formatValue({ type: 'money' }, 12.3)).toBe('12.30');
    expect(formatValue({ type: 'boolean' }, false)).toBe('否');
    expect(formatValue({ type: 'integer' }, 1234567)).toBe('1234567');
    expect(formatValue({ type: 'string' }, { a: 1 })).toBe('{"a":1}');
    expect(formatValue(undefined, 'x')).toBe('x');
  });

  it('cuts text after the given number of characters and keeps the whole for a tooltip', () => {
    const long = '这是一段超过二十五个字符的很长很长的备注文字，需要省略显示';
    const cut = ellipsis(long, 25);
    expect(Array.from(cut.text)).toHaveLength(26);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(cut.full).toBe(long);
    expect(ellipsis('短文本', 25)).toEqual({ text: '短文本' });
    expect(ellipsis('运单.pdf', 5)).toEqual({ text: '运单.pd…', full: '运单.pdf' });
    // Whole characters only: an emoji is never split in half.
    expect(ellipsis('😀😀😀', 2).text).toBe('😀😀…');
  });
});
