/**
 * The last line of defence against malformed input (issue 21, finding 6): a value PostgreSQL refuses to take as its
 * column's type raises a "data exception" (SQLSTATE class 22). The input guard (core/input-guard.ts) and the
 * handlers' own checks refuse such values first; one that still slips through is the client's bad value, not a
 * server fault, so it is answered as a refusal instead of an HTTP 500. Both backends report the SQLSTATE as `code`.
 */

const MESSAGES: Record<string, string> = {
  '22P02': '提交的数据格式不正确', // invalid_text_representation: 'abc' as an integer
  '22003': '提交的数值超出范围', // numeric_value_out_of_range: past integer, bigint or numeric(p,s)
  '22021': '提交的数据含有无效的字符', // character_not_in_repertoire: NUL, invalid UTF-8
  '22P05': '提交的数据含有无效的字符', // untranslatable_character: \u0000 in jsonb
  '22001': '提交的数据过长', // string_data_right_truncation: past varchar(n)
  '22007': '提交的日期时间格式不正确', // invalid_datetime_format
  '22008': '提交的日期时间超出范围', // datetime_field_overflow: 2026-13-45
};

const OTHER_DATA_EXCEPTION = '提交的数据不符合字段的类型';

/** Every sentence this last line of defence answers with (a test tells from them that a check came too late). */
export const DATA_EXCEPTION_MESSAGES: ReadonlySet<string> = new Set([...Object.values(MESSAGES), OTHER_DATA_EXCEPTION]);

/** The refusal's sentence when `error` is a PostgreSQL data exception, else null. */
export function dataExceptionMessage(error: unknown): string | null {
  const code = error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  return MESSAGES[code] ?? OTHER_DATA_EXCEPTION;
}
