/** Money as decimal text (src/contracts/money.ts): exact fen, the reading a person sees, and fen imports. */
import { describe, expect, it } from 'vitest';
import { fenOf, fenToYuan, moneyLabel, moneyText, yuanText } from '../../src/contracts/money.ts';

describe('money as decimal text', () => {
  it('reads amounts with two places and thousands separators, from text digit by digit', () => {
    expect(moneyLabel('12345.6')).toBe('12,345.60');
    expect(moneyLabel('999999999999.99')).toBe('999,999,999,999.99');
    expect(moneyLabel('-0.07')).toBe('-0.07');
    expect(moneyLabel('-0.00')).toBe('0.00');
    expect(moneyLabel(1234567.5)).toBe('1,234,567.50');
    expect(moneyLabel(0.1 + 0.2)).toBe('0.30');
    expect(moneyLabel('1.005')).toBe(Number('1.005').toFixed(2));
    expect(moneyLabel('abc')).toBe('abc');
    expect(moneyLabel(null)).toBe('');
  });

  it('keeps fen exact both ways, and turns whole fen from an export into yuan', () => {
    expect(fenOf('6816.5')).toBe(681650n);
    expect(fenOf('-12.03')).toBe(-1203n);
    expect(fenOf('1.234')).toBeNull();
    expect(yuanText(-7n)).toBe('-0.07');
    expect(fenToYuan('8888')).toBe('88.88');
    expect(fenToYuan('-5')).toBe('-0.05');
    expect(fenToYuan('12.5')).toBe('12.5');
    expect(moneyText(' 12.50 ')).toBe('12.50');
    expect(moneyText('-1')).toBeNull();
  });
});
