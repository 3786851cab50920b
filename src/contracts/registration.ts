/** Account-name rules for self-registration, shared by the register form and the server. */

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,29}$/;

export const USERNAME_MESSAGE = '用户名须以字母开头，由4-30位字母、数字或下划线组成';
