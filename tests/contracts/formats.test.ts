import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { EntitySchema, FieldDef } from '../../src/contracts/entity.ts';
import {
  AJV_OPTIONS,
  CUSTOM_FORMATS,
  JSON_SCHEMA_FORMAT,
  entityWriteSchema,
  fieldMessage,
  fieldToJsonSchema,
  normaliseRecord,
  writableFields,
} from '../../src/contracts/validation/entity-json-schema.ts';
import { DEFAULT_STRING_MAX } from '../../field-types/string/contract.ts';
import { DEFAULT_TEXT_MAX } from '../../field-types/text/contract.ts';
import {
  FORMAT_CHECKS,
  FORMAT_MESSAGES,
  idCardCheckChar,
  isBankCard,
  isChineseIdCard,
  isDate,
  isDateTime,
  isEmail,
  isMobile,
  isMoney,
  isPlate,
  isUscc,
  isVin,
  usccCheckChar,
} from '../../src/contracts/validation/formats.ts';

const driverEntity = JSON.parse(
  readFileSync(new URL('../../schemas/entities/freight/hy-driver.entity.json', import.meta.url), 'utf8'),
) as EntitySchema;

/** A fixed "today" so birth-date rules do not depend on the clock. */
const TODAY = new Date(Date.UTC(2026, 10, 22));

describe('isMobile', () => {
  it.each(['13800138000', '15912345678', '18612345678', '19912345678', '17012345678'])('accepts %s', (v) => {
    expect(isMobile(v)).toBe(true);
  });
  it.each(['12812345678', '1381234567', '138123456789', '23800138000', '1380013800a', '+8613800138000', ' 13800138000', ''])(
    'refuses %j',
    (v) => expect(isMobile(v)).toBe(false),
  );
});

describe('resident ID (GB 11643)', () => {
  // 110105 19491231 002 X — worked by hand:
  //   digits   1  1  0  1  0  5  1  9  4  9  1  2  3  1  0  0  2
  //   weights  7  9 10  5  8  4  2  1  6  3  7  9 10  5  8  4  2
  //   products 7  9  0  5  0 20  2  9 24 27  7 18 30  5  0  0  4  → sum 167
  //   167 mod 11 = 2 → "10X98765432"[2] = X
  const first17 = '11010519491231002';

  it('computes the check character the same way as the hand-worked example', () => {
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
    expect(sum).toBe(167);
    expect(sum % 11).toBe(2);
    expect(idCardCheckChar(first17)).toBe('X');
  });

  it('computes a digit check character (second hand-worked example)', () => {
    const sample = '44010619900307123';
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    // 4·7 + 4·9 + 0·10 + 1·5 + 0·8 + 6·4 + 1·2 + 9·1 + 9·6 + 0·3 + 0·7 + 3·9 + 0·10 + 7·5 + 1·8 + 2·4 + 3·2
    // = 28 + 36 + 0 + 5 + 0 + 24 + 2 + 9 + 54 + 0 + 0 + 27 + 0 + 35 + 8 + 8 + 6 = 242; 242 mod 11 = 0 → "1"
    expect([...sample].reduce((acc, d, i) => acc + Number(d) * weights[i], 0)).toBe(242);
    expect(idCardCheckChar(sample)).toBe('1');
    expect(isChineseIdCard(`${sample}1`, TODAY)).toBe(true);
  });

  it('accepts the well-known valid sample', () => {
    expect(isChineseIdCard('11010519491231002X', TODAY)).toBe(true);
    expect(FORMAT_CHECKS['cn-id-card']('11010519491231002X')).toBe(true);
  });

  it('refuses a wrong check character', () => {
    for (const wrong of '0123456789') expect(isChineseIdCard(`${first17}${wrong}`, TODAY)).toBe(false);
  });

  it('refuses a lower-case x, wrong length and non-digits', () => {
    expect(isChineseIdCard('11010519491231002x', TODAY)).toBe(false);
    expect(isChineseIdCard('11010519491231002', TODAY)).toBe(false);
    expect(isChineseIdCard('11010519491231002X0', TODAY)).toBe(false);
    expect(isChineseIdCard('1101051949123100AX', TODAY)).toBe(false);
    expect(isChineseIdCard('', TODAY)).toBe(false);
  });

  /** Build an ID with a correct check character around the given birth date, so only the date can fail. */
  const withBirth = (yyyymmdd: string) => {
    const body = `110105${yyyymmdd}002`;
    return body + idCardCheckChar(body);
  };

  it('refuses impossible birth dates even with a correct check character', () => {
    expect(isChineseIdCard(withBirth('19900230'), TODAY)).toBe(false); // 30 February
    expect(isChineseIdCard(withBirth('19901301'), TODAY)).toBe(false); // month 13
    expect(isChineseIdCard(withBirth('19900001'), TODAY)).toBe(false); // month 0
    expect(isChineseIdCard(withBirth('19900100'), TODAY)).toBe(false); // day 0
    expect(isChineseIdCard(withBirth('19900431'), TODAY)).toBe(false); // 31 April
    expect(isChineseIdCard(withBirth('19000229'), TODAY)).toBe(false); // 1900 is not a leap year
    expect(isChineseIdCard(withBirth('20000229'), TODAY)).toBe(true); // 2000 is
  });

  it('refuses births before 1900 and in the future', () => {
    expect(isChineseIdCard(withBirth('18991231'), TODAY)).toBe(false);
    expect(isChineseIdCard(withBirth('19000101'), TODAY)).toBe(true);
    expect(isChineseIdCard(withBirth('20261122'), TODAY)).toBe(true); // born today
    expect(isChineseIdCard(withBirth('20261123'), TODAY)).toBe(false); // tomorrow
    expect(isChineseIdCard(withBirth('20300101'), TODAY)).toBe(false);
  });

  it('uses the real clock by default', () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(isChineseIdCard(withBirth(`${nextYear}0101`))).toBe(false);
  });
});

describe('USCC (GB 32100)', () => {
  // 91350100M000100Y4 ? — alphabet indexes: M = 21, Y = 30.
  //   chars    9  1  3  5  0  1  0  0  M  0  0  0  1  0  0  Y  4
  //   weights  1  3  9 27 19 26 16 17 20 29 25 13  8 24 10 30 28
  //   products 9  3 27 135 0 26  0  0 420 0  0  0  8  0  0 900 112 → sum 1640
  //   1640 mod 31 = 28; 31 − 28 = 3 → check "3"
  it('agrees with the hand-worked check character of the commonly cited sample', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
    expect(isUscc('91350100M000100Y43')).toBe(true);
  });

  it('maps a remainder of 0 to check character 0', () => {
    // Find a body whose weighted sum is a multiple of 31 by varying the last character.
    const body16 = '9135010000000000';
    const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const found = [...alphabet].map((c) => body16 + c).find((b) => usccCheckChar(b) === '0');
    expect(found).toBeDefined();
    expect(isUscc(`${found}0`)).toBe(true);
  });

  it('refuses a wrong check character, forbidden letters, lower case and wrong length', () => {
    expect(isUscc('91350100M000100Y44')).toBe(false);
    expect(isUscc('91350100M000100Y4I')).toBe(false);
    expect(isUscc('91350100O000100Y43')).toBe(false); // O is not in the alphabet
    expect(isUscc('91350100m000100y43')).toBe(false);
    expect(isUscc('91350100M000100Y4')).toBe(false);
    expect(isUscc('91350100M000100Y433')).toBe(false);
  });
});

describe('isPlate', () => {
  it.each([
    ['京A12345', 'fuel, digits'],
    ['京AD1234', 'fuel, with a letter'],
    ['苏E8K2Z9', 'fuel, several letters'],
    ['鲁A1234挂', 'trailer'],
    ['川A0123学', 'learner'],
    ['粤BD12345', 'small NEV, pure electric'],
    ['粤BFA1234', 'small NEV, other energy, letter second char'],
    ['沪A12345D', 'large NEV, pure electric'],
    ['蒙K12345F', 'large NEV, other energy'],
  ])('accepts %s (%s)', (plate) => expect(isPlate(plate)).toBe(true));

  it.each([
    ['京A1234', 'too short'],
    ['京A123456', 'six digits is no plate'],
    ['京I12345', 'I is not a letter used'],
    ['京AO2345', 'O is not used'],
    ['港A12345', 'not a province abbreviation'],
    ['京12345A', 'missing the issuing letter'],
    ['京a12345', 'lower case'],
    ['粤BL12345', 'L is not an energy letter'],
    ['粤BD1234A', 'small NEV ends in four digits'],
    ['粤BF1A234', 'small NEV: four digits after the second character'],
    ['沪A1234AD', 'large NEV is five digits + D/F'],
    ['沪A12345E', 'large NEV ends in D or F only'],
    ['京A12345挂', 'too long with 挂'],
    ['京AD12345D', 'too long'],
  ])('refuses %s (%s)', (plate) => expect(isPlate(plate)).toBe(false));
});

describe('isVin, isEmail, isBankCard', () => {
  it('VIN: 17 characters without I, O, Q', () => {
    expect(isVin('LFV2A21K8G4012345')).toBe(true);
    expect(isVin('LFV2A21K8G401234')).toBe(false);
    expect(isVin('LFV2A21K8G40123456')).toBe(false);
    expect(isVin('LFV2A21I8G4012345')).toBe(false);
    expect(isVin('LFV2A21O8G4012345')).toBe(false);
    expect(isVin('LFV2A21Q8G4012345')).toBe(false);
    expect(isVin('lfv2a21k8g4012345')).toBe(false);
  });

  it('email', () => {
    expect(isEmail('ops@example.com')).toBe(true);
    expect(isEmail('zhang.san+wlhy@mail.example.cn')).toBe(true);
    expect(isEmail('ops@example')).toBe(false);
    expect(isEmail('ops example@x.com')).toBe(false);
    expect(isEmail('@example.com')).toBe(false);
    expect(isEmail('ops@.c')).toBe(false);
  });

  it('bank card: 16 to 19 digits, Luhn not required', () => {
    expect(isBankCard('6222021234567890')).toBe(true);
    expect(isBankCard('6222021234567890123')).toBe(true);
    expect(isBankCard('622202123456789')).toBe(false);
    expect(isBankCard('62220212345678901234')).toBe(false);
    expect(isBankCard('6222 0212 3456 7890')).toBe(false);
  });
});

describe('isDate, isDateTime', () => {
  it('dates must exist', () => {
    expect(isDate('2026-11-22')).toBe(true);
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2023-02-29')).toBe(false);
    expect(isDate('2026-13-01')).toBe(false);
    expect(isDate('2026-11-31')).toBe(false);
    expect(isDate('2026-1-5')).toBe(false);
    expect(isDate('20261122')).toBe(false);
    expect(isDate('2026-11-22T00:00:00Z')).toBe(false);
  });

  it('datetimes are yyyy-MM-dd HH:mm:ss', () => {
    expect(isDateTime('2026-11-22 08:30:00')).toBe(true);
    expect(isDateTime('2026-11-22 23:59:59')).toBe(true);
    expect(isDateTime('2026-11-22 24:00:00')).toBe(false);
    expect(isDateTime('2026-11-22 08:60:00')).toBe(false);
    expect(isDateTime('2026-11-22T08:30:00')).toBe(false);
    expect(isDateTime('2026-02-30 08:30:00')).toBe(false);
    expect(isDateTime('2026-11-22')).toBe(false);
  });
});

describe('isMoney', () => {
  it.each([0, 1, 12.5, 12.34, 0.01, 99999999.99, 0.1 + 0.2, 1234.56 * 3])('accepts %d', (v) => expect(isMoney(v)).toBe(true));
  it.each([12.345, 0.001, 1.005, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (v) => expect(isMoney(v)).toBe(false));
});

describe('format tables', () => {
  it('every format has a check and a message, and a JSON Schema name registered in CUSTOM_FORMATS', () => {
    const formats = Object.keys(FORMAT_CHECKS).sort();
    expect(Object.keys(FORMAT_MESSAGES).sort()).toEqual(formats);
    expect(Object.keys(JSON_SCHEMA_FORMAT).sort()).toEqual(formats);
    for (const name of Object.values(JSON_SCHEMA_FORMAT)) expect(typeof CUSTOM_FORMATS[name]).toBe('function');
    expect(CUSTOM_FORMATS['cn-date']('2026-11-22')).toBe(true);
    expect(CUSTOM_FORMATS['cn-datetime']('2026-11-22 08:00:00')).toBe(true);
    expect(CUSTOM_FORMATS['cn-email']('a@b.cn')).toBe(true);
    expect(CUSTOM_FORMATS.email).toBeUndefined(); // prefixed so it cannot collide with ajv-formats
  });
});

describe('fieldToJsonSchema and entityWriteSchema', () => {
  it('maps types, defaults and limits', () => {
    expect(fieldToJsonSchema({ label: 'x', type: 'string' })).toMatchObject({ type: 'string', maxLength: DEFAULT_STRING_MAX });
    expect(fieldToJsonSchema({ label: 'x', type: 'text' })).toMatchObject({ type: 'string', maxLength: DEFAULT_TEXT_MAX });
    expect(fieldToJsonSchema({ label: 'x', type: 'string', required: true })).toMatchObject({ minLength: 1 });
    expect(fieldToJsonSchema({ label: 'x', type: 'money' })).toMatchObject({ type: 'number', minimum: 0, multipleOf: 0.01 });
    expect(fieldToJsonSchema({ label: 'x', type: 'date' })).toMatchObject({ type: 'string', format: 'cn-date' });
    expect(fieldToJsonSchema({ label: 'x', type: 'datetime' })).toMatchObject({ type: 'string', format: 'cn-datetime' });
    expect(fieldToJsonSchema({ label: 'x', type: 'string', format: 'email' })).toMatchObject({ format: 'cn-email' });
    expect(fieldToJsonSchema({ label: 'x', type: 'integer', minimum: 0, maximum: 100, default: 100 })).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 100,
      default: 100,
    });
  });

  it('builds the driver write schema from the entity file', () => {
    const schema = entityWriteSchema(driverEntity);
    expect(schema.type).toBe('object');
    expect(schema.title).toBe('司机');
    expect(schema.required).toEqual(['driverName', 'idCard', 'telephone', 'vehicleClass', 'ownerType', 'reviewStatus']);
    // Read-only fields are written by the server (operations), never by a form.
    expect(Object.keys(schema.properties)).toEqual(Object.keys(driverEntity.fields).filter((name) => !driverEntity.fields[name].readOnly));
    expect(schema.properties.idCard).toEqual({ title: '身份证号', type: 'string', minLength: 1, maxLength: 18, pattern: '\\S', format: 'cn-id-card' });
    expect(schema.properties.remark).toEqual({ title: '备注', type: 'string', maxLength: 500 });
    expect(schema.properties.validPeriodTo).toEqual({ title: '驾驶证有效期至', type: 'string', format: 'cn-date' });
    expect(schema.properties.creditScore).toEqual({ title: '信用分', type: 'integer', minimum: 0, maximum: 100, default: 100 });
    // No undefined keys survive (JSON round trip is lossless).
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });

  it('leaves readOnly fields out', () => {
    const entity: EntitySchema = {
      ...driverEntity,
      fields: { ...driverEntity.fields, uploadStatus: { label: '上报状态', type: 'string', readOnly: true } },
    };
    expect(writableFields(entity)).not.toContain('uploadStatus');
    expect(entityWriteSchema(entity).properties.uploadStatus).toBeUndefined();
  });
});

describe('normaliseRecord', () => {
  it('trims strings, drops empty values and unknown or read-only keys', () => {
    const entity: EntitySchema = {
      ...driverEntity,
      fields: { ...driverEntity.fields, uploadStatus: { label: '上报状态', type: 'string', readOnly: true } },
    };
    const out = normaliseRecord(entity, {
      driverName: '  张伟 ',
      telephone: '',
      idCard: null,
      remark: '   ',
      creditScore: 0,
      bankName: undefined,
      id: 'x',
      createBy: 'admin',
      uploadStatus: '2',
      hacker: true,
    });
    expect(out).toEqual({ driverName: '张伟', creditScore: 0 });
  });
});

describe('fieldMessage', () => {
  const name: FieldDef = { label: '姓名', type: 'string', required: true, maxLength: 30 };
  const phone: FieldDef = { label: '手机号', type: 'string', format: 'mobile' };

  it('words each keyword', () => {
    expect(fieldMessage(name, 'required', { missingProperty: 'driverName' })).toBe('请输入姓名');
    expect(fieldMessage(name, 'minLength', { limit: 1 })).toBe('请输入姓名');
    expect(fieldMessage({ label: '备注', type: 'text' }, 'minLength', { limit: 1 })).toBe('备注不能少于1个字符');
    expect(fieldMessage(name, 'minLength', { limit: 2 })).toBe('姓名不能少于2个字符');
    expect(fieldMessage(name, 'maxLength', { limit: 30 })).toBe('姓名不能超过30个字符');
    expect(fieldMessage({ label: '信用分', type: 'integer' }, 'minimum', { limit: 0 })).toBe('信用分不能小于0');
    expect(fieldMessage({ label: '信用分', type: 'integer' }, 'maximum', { limit: 100 })).toBe('信用分不能大于100');
    expect(fieldMessage({ label: '运费', type: 'money' }, 'multipleOf', { multipleOf: 0.01 })).toBe('运费最多保留两位小数');
    expect(fieldMessage(name, 'type', { type: 'string' })).toBe('姓名的类型不正确');
    expect(fieldMessage(name, 'somethingElse', {})).toBe('姓名不符合要求');
  });

  it('uses the field message, then the format default, then a generic one for pattern and format', () => {
    expect(fieldMessage(phone, 'format', { format: 'mobile' })).toBe(FORMAT_MESSAGES.mobile);
    expect(fieldMessage({ ...phone, message: '手机号不对' }, 'format', {})).toBe('手机号不对');
    expect(fieldMessage({ label: '有效期', type: 'date' }, 'format', {})).toBe('有效期应为日期（YYYY-MM-DD）');
    expect(fieldMessage({ label: '时间', type: 'datetime' }, 'format', {})).toBe('时间应为时间（YYYY-MM-DD HH:mm:ss）');
    expect(fieldMessage({ label: '编码', type: 'string' }, 'format', {})).toBe('编码格式不正确');
    expect(fieldMessage({ label: '编码', type: 'string', pattern: '^\\d+$' }, 'pattern', {})).toBe('编码格式不正确');
    expect(fieldMessage({ label: '编码', type: 'string', pattern: '^\\d+$', message: '只能是数字' }, 'pattern', {})).toBe('只能是数字');
  });

  it('falls back to a neutral label for unknown fields', () => {
    expect(fieldMessage(undefined, 'required', {})).toBe('请输入字段');
  });
});

describe('driver write schema compiled with ajv', () => {
  const ajv = new Ajv(AJV_OPTIONS);
  for (const [name, check] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, check);
  const validate = ajv.compile(entityWriteSchema(driverEntity));

  const good = {
    driverName: '王建国',
    idCard: '11010519491231002X',
    telephone: '13800138000',
    vehicleClass: 'A2',
    ownerType: '1',
    reviewStatus: '2',
    licenseNo: '11010519491231002X',
    validPeriodFrom: '2020-05-01',
    validPeriodTo: '2030-05-01',
    creditScore: 95,
    bankCardNo: '6222021234567890123',
  };

  const errorsOf = (data: Record<string, unknown>): ErrorObject[] => {
    expect(validate(normaliseRecord(driverEntity, data))).toBe(false);
    return validate.errors ?? [];
  };

  it('accepts a good driver', () => {
    expect(validate(normaliseRecord(driverEntity, good)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a bad phone with a format error on /telephone', () => {
    const errors = errorsOf({ ...good, telephone: '12345678901' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ keyword: 'format', instancePath: '/telephone', params: { format: 'mobile' } });
    expect(fieldMessage(driverEntity.fields.telephone, errors[0].keyword, errors[0].params)).toBe(FORMAT_MESSAGES.mobile);
  });

  it('refuses an ID number with a wrong check character with a format error on /idCard', () => {
    const errors = errorsOf({ ...good, idCard: '110105194912310021' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ keyword: 'format', instancePath: '/idCard', params: { format: 'cn-id-card' } });
  });

  it('reports a missing (or blank) name as required', () => {
    for (const driverName of [undefined, '', '   ']) {
      const errors = errorsOf({ ...good, driverName });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ keyword: 'required', params: { missingProperty: 'driverName' } });
    }
  });

  it('reports every failure at once (allErrors) and the remaining keywords', () => {
    const errors = errorsOf({ ...good, telephone: 'x', creditScore: 101, validPeriodTo: '2030-02-30', driverName: 'x'.repeat(31) });
    const byPath = Object.fromEntries(errors.map((e) => [e.instancePath, e.keyword]));
    expect(byPath).toEqual({ '/telephone': 'format', '/creditScore': 'maximum', '/validPeriodTo': 'format', '/driverName': 'maxLength' });
    expect(errorsOf({ ...good, creditScore: 9.5 })[0]).toMatchObject({ keyword: 'type', instancePath: '/creditScore' });
  });
});

describe('required text that is only whitespace', () => {
  it('is refused by the shared schema with the required message', () => {
    const ajv = new Ajv({ ...AJV_OPTIONS });
    for (const [name, check] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, check);
    const validate = ajv.compile(entityWriteSchema(driverEntity));
    expect(validate({ driverName: '   ' })).toBe(false);
    const error = validate.errors!.find((e) => e.instancePath === '/driverName')!;
    expect(fieldMessage(driverEntity.fields.driverName, error.keyword, error.params)).toBe('请输入姓名');
  });
});
