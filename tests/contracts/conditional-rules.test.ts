/**
 * Conditional field rules (`requiredWhen`, `formatWhen`) in the shared write schema: one ajv object for the browser
 * and the server, failures read as the field's usual sentences, and the demo customers pass it.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { DictionaryFile } from '../../src/contracts/menu.ts';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import {
  AJV_OPTIONS,
  CUSTOM_FORMATS,
  entityWriteSchema,
  isConditionWrapper,
  normaliseRecord,
  pathMessage,
} from '../../src/contracts/validation/entity-json-schema.ts';
import { isChineseIdCard, isUscc } from '../../src/contracts/validation/formats.ts';
import { companyUscc, generateCustomers, organisationCode } from '../../server/seed/demo-customers.ts';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T;
const customer = readJson<EntitySchema>('schemas/entities/freight/hy-customer.entity.json');
const dictionaries = [
  ...readJson<DictionaryFile>('schemas/dicts/customers.dicts.json').dictionaries,
  ...readJson<DictionaryFile>('schemas/dicts/freight.dicts.json').dictionaries,
];

const ajv = new Ajv(AJV_OPTIONS);
for (const [name, check] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, check);
const validate = ajv.compile(entityWriteSchema(customer));

/** The server's reading of ajv's errors (server/entity/validation.ts). */
function errorsOf(record: Record<string, unknown>): Record<string, string> {
  validate(normaliseRecord(customer, record));
  const out: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    if (isConditionWrapper(error.keyword)) continue;
    const params = error.params as Record<string, unknown>;
    const path = error.keyword === 'required' && !error.instancePath ? String(params.missingProperty) : error.instancePath;
    const { field, message } = pathMessage(customer, path, error.keyword, params);
    out[field] ??= message;
  }
  return out;
}

// The tax number follows the customer type as well; left out where only the credit code is under test.
const company = { ...generateCustomers()[0], invoiceTaxNo: null };

describe('requiredWhen / formatWhen', () => {
  it('compiles to if/then pairs inside allOf', () => {
    expect(entityWriteSchema(customer).allOf).toContainEqual({
      if: { properties: { settlementType: { enum: ['1', '4'] } }, required: ['settlementType'] },
      then: { required: ['billDay'] },
    });
    expect(entityWriteSchema(customer).allOf).toContainEqual({
      if: { properties: { customerType: { enum: ['2'] } }, required: ['customerType'] },
      then: { properties: { creditCode: { format: 'cn-id-card' } } },
    });
    expect(entityWriteSchema(readJson<EntitySchema>('schemas/entities/freight/hy-driver.entity.json')).allOf).toBeUndefined();
  });

  it('asks for the bill day, credit days and limit only for 月结账期 and 垫付账期', () => {
    const base = { ...company, billDay: null, creditDays: null, creditLimit: null };
    for (const settlementType of ['1', '4']) {
      expect(errorsOf({ ...base, settlementType })).toEqual({ billDay: '请输入出账日', creditDays: '请输入账期天数', creditLimit: '请输入授信额度' });
    }
    for (const settlementType of ['2', '3']) expect(errorsOf({ ...base, settlementType })).toEqual({});
    expect(errorsOf({ ...base, settlementType: '1', billDay: 29, creditDays: 30, creditLimit: 1 })).toEqual({ billDay: '出账日不能大于28' });
  });

  it('checks the credit code as a USCC for companies and as an ID card for persons', () => {
    const uscc = company.creditCode as string;
    const idCard = company.legalIdCard as string;
    expect(errorsOf({ ...company, customerType: '1', creditCode: uscc })).toEqual({});
    expect(errorsOf({ ...company, customerType: '2', creditCode: idCard })).toEqual({});
    expect(errorsOf({ ...company, customerType: '1', creditCode: idCard })).toEqual({ creditCode: '请输入正确的统一社会信用代码' });
    expect(errorsOf({ ...company, customerType: '2', creditCode: uscc })).toEqual({ creditCode: '请输入正确的18位身份证号（校验位不符）' });
    const wrongCheck = uscc.slice(0, 17) + (uscc[17] === '0' ? '1' : '0');
    expect(errorsOf({ ...company, creditCode: wrongCheck })).toEqual({ creditCode: '请输入正确的统一社会信用代码' });
    expect(errorsOf({ ...company, customerType: '2', creditCode: idCard, invoiceTaxNo: uscc })).toEqual({ invoiceTaxNo: '请输入正确的18位身份证号（校验位不符）' });
    // Values outside the cases check no format.
    expect(errorsOf({ ...company, customerType: undefined, creditCode: 'ABC' })).toEqual({ customerType: '请输入货主类型' });
  });
});

describe('demo customers', () => {
  const customers = generateCustomers();
  const items = (code: string) => new Set(dictionaries.find((d) => d.code === code)?.items.map((i) => i.value));

  it('pass the write schema and use dictionary items', () => {
    expect(customers.length).toBeGreaterThanOrEqual(12);
    for (const row of customers) {
      expect(errorsOf(row), String(row.customerName)).toEqual({});
      for (const [field, dict] of [['customerType', 'customer_type'], ['industry', 'customer_industry'], ['settlementType', 'settlement_type'], ['businessTypeCode', 'business_type'], ['reviewStatus', 'review_status']]) {
        expect(items(dict).has(String(row[field])), `${String(row.customerName)} ${field}`).toBe(true);
      }
    }
  });

  it('carry check characters, unique names and codes, and a review queue', () => {
    for (const row of customers) {
      expect(row.customerType === '1' ? isUscc(String(row.creditCode)) : isChineseIdCard(String(row.creditCode))).toBe(true);
      expect(isChineseIdCard(String(row.legalIdCard))).toBe(true);
    }
    expect(new Set(customers.map((c) => c.customerName)).size).toBe(customers.length);
    expect(new Set(customers.map((c) => c.creditCode)).size).toBe(customers.length);
    expect(customers.filter((c) => c.reviewStatus === '1').length).toBeGreaterThanOrEqual(3);
    expect(new Set(customers.map((c) => c.reviewStatus))).toEqual(new Set(['0', '1', '2', '3']));
  });

  it('builds USCCs the GB 32100 way (published example)', () => {
    // 91350100M000100Y43 is the example printed in GB 32100-2015.
    expect(isUscc('91350100M000100Y43')).toBe(true);
    expect(organisationCode('12345678')).toBe('123456788');
    expect(isUscc(companyUscc('150602', '30007391'))).toBe(true);
  });
});
