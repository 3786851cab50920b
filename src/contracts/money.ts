/**
 * Money as decimal text (freight money is numeric(14,2) end to end and never passes through a float): parsing what a
 * person or a spreadsheet typed, whole fen (BigInt) for exact sums and splits, and the reading a person sees
 * (12,345.60). Shared by the server (ledger messages, invoices, imports) and the browser (list and detail cells).
 */

/** The amount as a plain non-negative decimal text with at most two places, or null. */
export function moneyText(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,12}(\.\d{1,2})?$/.test(text) ? text : null;
}

/** Fen of a decimal text such as "6816.5" or "-12.03"; null for anything else (more than two decimals included). */
export function fenOf(text: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const fen = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -fen : fen;
}

/** Decimal text with two places ("1234.50", "-0.07") of fen. */
export function yuanText(fen: bigint): string {
  const sign = fen < 0n ? '-' : '';
  const abs = fen < 0n ? -fen : fen;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * Whole fen as yuan text, by moving the decimal point in the digits: 8888 → 88.88, 1 → 0.01, -5 → -0.05. Text that
 * is not a whole number comes back unchanged, so validation names it.
 */
export function fenToYuan(text: string): string {
  const match = /^([+-]?)0*(\d+)$/.exec(text.trim());
  if (!match) return text;
  const digits = match[2].padStart(3, '0');
  const yuan = `${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}`;
  return match[1] === '-' && yuan !== '0.00' ? `-${yuan}` : yuan;
}

/**
 * How a person reads an amount: two places and thousands separators (12,345.60, -0.07). Decimal text with at most
 * two places is laid out digit by digit; a number is rounded to the fen first. Anything else comes back as it came.
 */
export function moneyLabel(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const typed = typeof value === 'number' ? value : String(value).trim();
  // More than two places (a float, or text from elsewhere): rounded to the fen like a number.
  const text = typeof typed === 'number' || (fenOf(typed) === null && typed !== '' && Number.isFinite(Number(typed))) ? Number(typed).toFixed(2) : typed;
  const fen = fenOf(text);
  if (fen === null) return String(value);
  const exact = yuanText(fen);
  const negative = exact.startsWith('-');
  const [whole, cents] = exact.replace(/^-/, '').split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
