import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { DictionaryFile } from '../../src/contracts/menu.ts';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import {
  AJV_OPTIONS,
  CUSTOM_FORMATS,
  entityWriteSchema,
  normaliseRecord,
} from '../../src/contracts/validation/entity-json-schema.ts';
import { isBankCard, isChineseIdCard, isMobile } from '../../src/contracts/validation/formats.ts';
import {
  DEMO_CITIES,
  DEMO_REFERENCE_DATE,
  generateDrivers,
  luhnCheckDigit,
  type DriverSeed,
} from '../../server/seed/demo-drivers.ts';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T;
const driverEntity = readJson<EntitySchema>('schemas/entities/freight/hy-driver.entity.json');
const dictionaries = readJson<DictionaryFile>('schemas/dicts/freight.dicts.json').dictionaries;
const dictValues = (code: string) => new Set(dictionaries.find((d) => d.code === code)?.items.map((i) => i.value));

const ajv = new Ajv(AJV_OPTIONS);
for (const [name, check] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, check);
const validate = ajv.compile(entityWriteSchema(driverEntity));

const drivers = generateDrivers(500);

const luhnValid = (n: string) => luhnCheckDigit(n.slice(0, -1)) === n.at(-1);
const years = (from: string, to: string) => Number(to.slice(0, 4)) - Number(from.slice(0, 4));

describe('generateDrivers', () => {
  it('passes the driver write schema (ajv + the shared custom formats) for 500 drivers', () => {
    expect(drivers).toHaveLength(500);
    for (const driver of drivers) {
      const ok = validate(driver);
      expect(ok, `${JSON.stringify(driver)}\n${JSON.stringify(validate.errors)}`).toBe(true);
      // Nothing the server would strip or trim: no blanks, no unknown keys.
      // Server-written fields (the review reason) are not client input: the seed writes them directly.
      const clientInput = Object.fromEntries(Object.entries(driver).filter(([name]) => !driverEntity.fields[name]?.readOnly));
      expect(normaliseRecord(driverEntity, driver as unknown as Record<string, unknown>)).toEqual(clientInput);
    }
  });

  it('uses exactly the entity field names, except uploads (demo data has no files to point at)', () => {
    const keys = new Set(drivers.flatMap((d) => Object.keys(d)));
    const uploads = new Set(['image', 'file']);
    const expected = Object.entries(driverEntity.fields).filter(([, f]) => !uploads.has(f.type)).map(([name]) => name);
    expect([...keys].sort()).toEqual(expected.sort());
    // Optional values are left out, never sent as empty strings or undefined.
    for (const driver of drivers) for (const value of Object.values(driver)) expect(value === '' || value === undefined).toBe(false);
  });

  it('is deterministic, seed-dependent and prefix-stable', () => {
    expect(generateDrivers(500)).toEqual(drivers);
    expect(generateDrivers(500, 20261122)).toEqual(drivers);
    expect(generateDrivers(50)).toEqual(drivers.slice(0, 50));
    const other = generateDrivers(50, 7);
    expect(other).not.toEqual(drivers.slice(0, 50));
    expect(generateDrivers(50, 7)).toEqual(other);
    expect(generateDrivers(0)).toEqual([]);
    expect(() => generateDrivers(-1)).toThrow(RangeError);
    expect(() => generateDrivers(1, 1, { today: '2026-02-30' })).toThrow(RangeError);
  });

  it('gives unique ID numbers and mobile numbers, also over a large run', () => {
    expect(new Set(drivers.map((d) => d.idCard)).size).toBe(drivers.length);
    expect(new Set(drivers.map((d) => d.telephone)).size).toBe(drivers.length);
    const many = generateDrivers(20_000);
    expect(new Set(many.map((d) => d.idCard)).size).toBe(many.length);
    expect(new Set(many.map((d) => d.telephone)).size).toBe(many.length);
  });

  it('builds ID numbers from the §6 cities, births 1965–2000, male, with a valid check character', () => {
    const codes = new Map(DEMO_CITIES.map((c) => [c.code, c.name]));
    for (const d of drivers) {
      expect(isChineseIdCard(d.idCard)).toBe(true);
      expect(codes.has(d.idCard.slice(0, 6))).toBe(true);
      const year = Number(d.idCard.slice(6, 10));
      expect(year).toBeGreaterThanOrEqual(1965);
      expect(year).toBeLessThanOrEqual(2000);
      expect(Number(d.idCard[16]) % 2).toBe(1);
      expect(d.licenseNo).toBe(d.idCard);
      // Licence issued in the home city.
      expect(d.issuingOrganizations).toMatch(new RegExp(`^${codes.get(d.idCard.slice(0, 6))}市公安局交通警察(支队|总队)$`));
    }
  });

  it('uses realistic names, phones and dictionary values', () => {
    for (const d of drivers) {
      expect(d.driverName).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(isMobile(d.telephone)).toBe(true);
      expect(d.telephone).toMatch(/^1[3589]\d{9}$/);
      expect(dictValues('driving_license_class').has(d.vehicleClass)).toBe(true);
      expect(['A2', 'B2', 'C1']).toContain(d.vehicleClass);
      expect(dictValues('driver_type').has(d.ownerType)).toBe(true);
      expect(dictValues('review_status').has(d.reviewStatus)).toBe(true);
      expect(d.creditScore).toBeGreaterThanOrEqual(60);
      expect(d.creditScore).toBeLessThanOrEqual(100);
    }
    const share = (pred: (d: DriverSeed) => boolean) => drivers.filter(pred).length / drivers.length;
    expect(share((d) => d.vehicleClass === 'A2' || d.vehicleClass === 'B2')).toBeGreaterThan(0.8);
    expect(share((d) => d.vehicleClass === 'C1')).toBeGreaterThan(0.03);
    for (const type of ['1', '2', '3']) expect(share((d) => d.ownerType === type)).toBeGreaterThan(0.05);
  });

  it('sets the qualification certificate for A2/B2 only', () => {
    for (const d of drivers) {
      if (d.vehicleClass === 'C1') expect(d.qualificationCertificate).toBeUndefined();
      else expect(d.qualificationCertificate).toBe(d.idCard);
    }
  });

  it('gives 6- or 10-year licences, a few expiring soon or expired', () => {
    const today = DEMO_REFERENCE_DATE;
    const in30 = '2026-12-22';
    for (const d of drivers) {
      const from = d.validPeriodFrom!;
      const to = d.validPeriodTo!;
      expect([6, 10]).toContain(years(from, to));
      // Same day of the year (29 February may pair with 28 February).
      const leapSafe = (d: string) => (d.slice(5) === '02-29' ? '02-28' : d.slice(5));
      expect(leapSafe(to)).toBe(leapSafe(from));
      // Licensed as an adult.
      expect(Number(from.slice(0, 4)) - Number(d.idCard.slice(6, 10))).toBeGreaterThanOrEqual(18);
    }
    const expired = drivers.filter((d) => d.validPeriodTo! < today).length;
    const expiring = drivers.filter((d) => d.validPeriodTo! >= today && d.validPeriodTo! <= in30).length;
    expect(expired).toBeGreaterThan(5);
    expect(expired).toBeLessThan(60);
    expect(expiring).toBeGreaterThan(5);
    expect(expiring).toBeLessThan(60);
    // Relative to another "today" the whole picture moves with it.
    const later = generateDrivers(100, 1, { today: '2030-01-01' });
    expect(later.filter((d) => d.validPeriodTo! >= '2030-01-01').length).toBeGreaterThan(80);
  });

  it('gives most drivers a Luhn-valid card at a §3 bank', () => {
    const banks = new Set(['中国银行', '农业银行', '工商银行', '建设银行', '邮储银行', '交通银行', '招商银行', '平安银行', '中信银行',
      '民生银行', '广发银行', '浦发银行', '兴业银行', '光大银行', '华夏银行', '浙商银行', '网商银行', '微众银行']);
    const withCard = drivers.filter((d) => d.bankCardNo !== undefined);
    expect(withCard.length / drivers.length).toBeGreaterThan(0.85);
    expect(withCard.length).toBeLessThan(drivers.length);
    for (const d of drivers) expect(d.bankName === undefined).toBe(d.bankCardNo === undefined);
    for (const d of withCard) {
      expect(banks.has(d.bankName!)).toBe(true);
      expect(isBankCard(d.bankCardNo!)).toBe(true);
      expect(luhnValid(d.bankCardNo!)).toBe(true);
    }
    expect(new Set(withCard.map((d) => d.bankCardNo)).size).toBe(withCard.length);
  });

  it('has a review queue: mostly approved, ~2 % pending, ~5 % rejected with a reason', () => {
    const many = generateDrivers(5_000);
    const share = (status: string) => many.filter((d) => d.reviewStatus === status).length / many.length;
    expect(share('1')).toBeGreaterThan(0.01);
    expect(share('1')).toBeLessThan(0.035);
    expect(share('3')).toBeGreaterThan(0.035);
    expect(share('3')).toBeLessThan(0.07);
    expect(share('2')).toBeGreaterThan(0.9);
    for (const d of many) {
      if (d.reviewStatus === '3') expect(d.reviewRemark).toMatch(/^(证件模糊|证件过期|信息不一致|人车不符)：/);
      else expect(d.reviewRemark).toBeUndefined();
      if (d.reviewRemark?.startsWith('证件过期')) expect(d.validPeriodTo! < DEMO_REFERENCE_DATE).toBe(true);
    }
  });
});

describe('luhnCheckDigit', () => {
  it('matches known Luhn numbers', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3'); // the textbook example 79927398713
    expect(luhnCheckDigit('411111111111111')).toBe('1'); // 4111 1111 1111 1111
    expect(luhnValid('4111111111111112')).toBe(false);
  });
});
