/**
 * Value formats of the freight domain (freight-domain.md §4). Pure functions, shared by the browser (rjsf via ajv)
 * and the server (the same ajv schema), so a value is accepted or refused identically on both sides.
 */
import type { FieldFormat } from '../entity.ts';

const MOBILE = /^1[3-9]\d{9}$/;

export function isMobile(value: string): boolean {
  return MOBILE.test(value);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643 check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

/** 18-character resident ID: region, a real birth date between 1900 and today, sequence, check character. */
export function isChineseIdCard(value: string, today: Date = new Date()): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  if (year < 1900 || birth.getTime() > today.getTime()) return false;
  return idCardCheckChar(value.slice(0, 17)) === value[17];
}

const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100 check character for the first 17 characters. */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_ALPHABET.indexOf(first17[i]) * USCC_WEIGHTS[i];
  const check = (31 - (sum % 31)) % 31;
  return USCC_ALPHABET[check];
}

export function isUscc(value: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(value)) return false;
  return usccCheckChar(value.slice(0, 17)) === value[17];
}

const PLATE =
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z](?:[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警]|[DABCEFGHJK][A-HJ-NP-Z0-9]\d{4}|\d{5}[DF])$/;

export function isPlate(value: string): boolean {
  return PLATE.test(value);
}

export function isVin(value: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(value);
}

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(value);
}

export function isBankCard(value: string): boolean {
  return /^\d{16,19}$/.test(value);
}

export const FORMAT_CHECKS: Record<FieldFormat, (value: string) => boolean> = {
  mobile: isMobile,
  'cn-id-card': (v) => isChineseIdCard(v),
  uscc: isUscc,
  plate: isPlate,
  vin: isVin,
  email: isEmail,
  'bank-card': isBankCard,
};

export const FORMAT_MESSAGES: Record<FieldFormat, string> = {
  mobile: '请输入正确的11位手机号码',
  'cn-id-card': '请输入正确的18位身份证号（校验位不符）',
  uscc: '请输入正确的统一社会信用代码',
  plate: '请输入正确的车牌号',
  vin: '请输入正确的17位车辆识别代号',
  email: '请输入正确的电子邮箱',
  'bank-card': '请输入16到19位银行卡号',
};

/** JSON Schema format names. Prefixed where a name would collide with ajv-formats, which rjsf also loads. */
export const JSON_SCHEMA_FORMAT: Record<FieldFormat, string> = {
  mobile: 'mobile',
  'cn-id-card': 'cn-id-card',
  uscc: 'uscc',
  plate: 'plate',
  vin: 'vin',
  email: 'cn-email',
  'bank-card': 'bank-card',
};

/** ISO calendar date YYYY-MM-DD that exists. */
export function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** JeecgBoot's wire datetime `yyyy-MM-dd HH:mm:ss`. */
export function isDateTime(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.exec(value);
  return m !== null && isDate(m[1]);
}

/** At most two decimal places (amounts of money). */
export function isMoney(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}
