/**
 * The password policy, shared by the change-password form and the server so both refuse exactly the same
 * passwords: 8–30 characters with an upper-case letter, a lower-case letter, a digit and a special character.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;

export const PASSWORD_POLICY_MESSAGE = '密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!';

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}
