import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { checkValue } from '../../server/check-rules/rules.ts';

const P = '/jeecg-boot';

describe('code check rules', () => {
  const steps = [
    { digits: '2', pattern: '^[A-Z]{2}$', message: '前两位须为大写字母' },
    { digits: '3', pattern: '^\\d{3}$', message: '第3-5位须为数字' },
    { digits: '*', pattern: '^.{5,8}$', message: '长度须为5-8位' },
  ];
  it('checks segments in turn, then the whole value, and reports where it failed', () => {
    expect(checkValue(steps, 'AB123')).toBeNull();
    expect(checkValue(steps, 'ab123')).toMatchObject({ message: '前两位须为大写字母', beginIndex: 0, endIndex: 2, checkValue: 'ab', passed: false });
    expect(checkValue(steps, 'AB12x')).toMatchObject({ message: '第3-5位须为数字', beginIndex: 2, endIndex: 5, checkValue: '12x' });
    expect(checkValue(steps, 'AB123456789')).toMatchObject({ message: '长度须为5-8位', beginIndex: 0, endIndex: 11 });
    expect(checkValue([{ digits: '*', pattern: '(', message: '坏规则' }], 'x')).toMatchObject({ message: '坏规则' });
  });
});

describe.each(BACKENDS)('GET /sys/checkRule/checkByCode on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
  });

  const check = (ruleCode: string, value: string, token: string | null = ops) =>
    t.call({ method: 'GET', url: `${P}/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(encodeURIComponent(value))}`, token: token ?? undefined });

  it('checks a value against a stored rule, decoding it once more as JeecgBoot clients expect', async () => {
    expect((await check('waybill_no', 'YD20261122000123')).body).toMatchObject({ success: true });
    expect((await check('waybill_no', 'yd20261122000123')).body).toMatchObject({
      success: false,
      message: '运单号须以两位大写字母开头',
      result: { digits: '2', beginIndex: 0, endIndex: 2, checkValue: 'yd', passed: false },
    });
    expect((await check('road_transport_cert', '15060200 0001')).body).toMatchObject({ success: false, message: '道路运输证号须为12位数字' });
  });

  it('uses rules as admins changed them, refuses unknown codes and needs a session', async () => {
    await t.ctx.db.updateTable('sys_check_rule').set({ rule_json: JSON.stringify([{ digits: '*', pattern: '^\\d{6}$', message: '须为6位数字' }]) }).where('rule_code', '=', 'road_transport_cert').execute();
    expect((await check('road_transport_cert', '123456')).body.success).toBe(true);
    expect((await check('nope', 'x')).body).toMatchObject({ success: false, message: '该编码不存在' });
    expect((await check('waybill_no', 'x', null)).status).toBe(401);
  });
});
