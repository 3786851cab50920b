/**
 * Exact decimal arithmetic for footer totals: amounts are scaled integers (BigInt), never floats, so 0.1 + 0.2 is
 * 0.3 and a money column's 合计 matches what the server adds up in numeric. JEditableTable summed with parseInt and
 * lost the decimals; we keep every digit typed.
 */

export interface Decimal {
  /** The value times 10^scale. */
  units: bigint;
  scale: number;
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Parses what a cell holds (string or number); undefined for empty or non-numeric values, which totals skip. */
export function parseDecimal(value: unknown): Decimal | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    value = String(value);
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/e/i.test(text)) return parseExponent(text);
  const match = NUMBER.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '') || '0';
  const units = BigInt(digits) * (sign === '-' ? -1n : 1n);
  return { units, scale: fraction.length };
}

/** Numbers such as 1e-7 (what String() gives for tiny floats). */
function parseExponent(text: string): Decimal | undefined {
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  return parseDecimal(n.toFixed(20).replace(/0+$/, ''));
}

function rescale(value: Decimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  return add(a, { units: -b.units, scale: b.scale });
}

/** value / count, rounded half away from zero to `scale` decimals. */
export function divide(value: Decimal, count: number, scale: number): Decimal {
  if (count <= 0) return { units: 0n, scale };
  const numerator = value.units * 10n ** BigInt(scale + 1);
  const denominator = BigInt(count) * 10n ** BigInt(value.scale);
  const tenfold = numerator / denominator;
  const rounded = (tenfold + (tenfold >= 0n ? 5n : -5n)) / 10n;
  return { units: rounded, scale };
}

/** Plain text with exactly `scale` decimals (default the value's own). */
export function formatDecimal(value: Decimal, scale = value.scale): string {
  const units = scale >= value.scale ? rescale(value, scale) : divide(value, 1, scale).units;
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** A decimal whose units fit a double exactly (≤ 15 significant digits): the footer's fast path, no BigInt. */
export interface SmallDecimal {
  units: number;
  scale: number;
}

const MAX_SMALL_DIGITS = 15;

/**
 * Like parseDecimal, without BigInt: undefined for empty or non-numeric values, null for numbers it cannot hold
 * exactly (more than 15 significant digits, exponents), which the caller then parses with parseDecimal.
 */
export function parseSmallDecimal(value: unknown): SmallDecimal | undefined | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    if (Number.isInteger(value) && Math.abs(value) < 1e15) return { units: value, scale: 0 };
    text = String(value);
  } else if (typeof value === 'string') text = value.trim();
  else return undefined;
  const length = text.length;
  if (length === 0) return undefined;
  let i = 0;
  let negative = false;
  const first = text.charCodeAt(0);
  if (first === 45 /* - */ || first === 43 /* + */) {
    negative = first === 45;
    i = 1;
  }
  let units = 0;
  let digits = 0;
  let significant = 0;
  let scale = -1;
  for (; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 /* . */) {
      if (scale >= 0) return undefined;
      scale = 0;
      continue;
    }
    const digit = code - 48;
    if (digit < 0 || digit > 9) return code === 101 || code === 69 ? null : undefined;
    digits += 1;
    if (scale >= 0) scale += 1;
    if (significant > 0 || digit > 0) {
      significant += 1;
      if (significant > MAX_SMALL_DIGITS) return null;
      units = units * 10 + digit;
    }
  }
  if (digits === 0) return undefined;
  return { units: negative ? -units : units, scale: Math.max(scale, 0) };
}
