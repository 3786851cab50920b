/**
 * The invoice's money in integer fen (BigInt; never floats): each line's total is the waybill's tax-inclusive freight,
 * the invoice's tax is total × rate / (1 + rate) rounded half up to the fen once for the whole invoice, each line
 * but the last gets its own rounded share, and the last line takes the remainder — so the lines' taxes add up to the
 * invoice's exactly and, on every line and in total, amount excluding tax + tax = total.
 */

/** A rate as an exact fraction: "0.09" → 9/100, "0.0900" → 900/10000. Null for a negative or malformed rate. */
export function rateFraction(text: string): { num: bigint; den: bigint } | null {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!match) return null;
  const decimals = match[2] ?? '';
  return { num: BigInt(match[1] + decimals), den: 10n ** BigInt(decimals.length) };
}

/** Tax inside a tax-inclusive total of non-negative fen: total × r / (1 + r), rounded half up to the fen. */
export function taxOf(totalFen: bigint, rate: { num: bigint; den: bigint }): bigint {
  const divisor = rate.den + rate.num;
  // round half up of n/d for n, d ≥ 0: floor((2n + d) / 2d)
  return (2n * totalFen * rate.num + divisor) / (2n * divisor);
}

export interface SplitLine {
  totalFen: bigint;
  taxFen: bigint;
  exclFen: bigint;
}

/** Splits tax-inclusive line totals (non-negative fen) into tax and amount excluding tax; the remainder on the last line. */
export function splitLines(totals: readonly bigint[], rate: { num: bigint; den: bigint }): { lines: SplitLine[]; totalFen: bigint; taxFen: bigint; exclFen: bigint } {
  const totalFen = totals.reduce((sum, t) => sum + t, 0n);
  const taxFen = taxOf(totalFen, rate);
  let taxSoFar = 0n;
  const lines = totals.map((lineTotal, index) => {
    const lineTax = index === totals.length - 1 ? taxFen - taxSoFar : taxOf(lineTotal, rate);
    taxSoFar += lineTax;
    return { totalFen: lineTotal, taxFen: lineTax, exclFen: lineTotal - lineTax };
  });
  return { lines, totalFen, taxFen, exclFen: totalFen - taxFen };
}
