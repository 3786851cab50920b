/** The JeecgBoot `Result<T>` envelope (contract §1.1). Every JSON endpoint answers with this shape. */
export interface Result<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** MyBatis-Plus `IPage` as serialised by JeecgBoot list endpoints (contract §1.2). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  orders: unknown[];
  optimizeCountSql: boolean;
  searchCount: boolean;
  countId: null;
  maxLimit: null;
}

/** A record as it travels over the wire: property names are camelCase entity fields. */
export type WireRecord = Record<string, unknown>;

/** Codes the server uses in the envelope. */
export const ResultCode = {
  ok: 200,
  error: 500,
  unauthorized: 401,
  captcha: 412,
  noPermission: 510,
} as const;

/** One field-level problem, carried in `result.errors` of a failed write so forms can mark the field. */
export interface FieldError {
  field: string;
  message: string;
}
