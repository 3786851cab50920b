/**
 * Errors a route throws to answer with a `success:false` envelope. Business errors answer HTTP 200 as JeecgBoot
 * does; authentication failures answer HTTP 401; anything unexpected is logged and answered with a generic
 * message so no internals (SQL, stack) reach the client.
 */
import type { FieldError } from '../../src/contracts/envelope.ts';

export class BusinessError extends Error {
  constructor(
    message: string,
    readonly code = 500,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }
}

export class ValidationError extends BusinessError {
  constructor(errors: FieldError[]) {
    super(errors[0]?.message ?? '提交的数据不正确', 500, errors);
  }
}

export const TOKEN_INVALID_MESSAGE = 'Token失效，请重新登录!';

export class AuthError extends Error {
  constructor(message = TOKEN_INVALID_MESSAGE) {
    super(message);
  }
}

export const NO_PERMISSION_MESSAGE = '没有权限，请联系管理员授权';

export class PermissionError extends BusinessError {
  constructor(message = NO_PERMISSION_MESSAGE) {
    super(message, 510);
  }
}
