/**
 * Issue 21 finding 8: failed logins lock only the failing (account, address) pair and the failing address, never
 * the account from everywhere; an account that keeps failing demands a captcha and answers more slowly.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';
import { latestSmsCode } from './helpers/sms.ts';
import { peekCaptcha } from '../../server/auth/captcha.ts';
import { CAPTCHA_DEMANDED } from '../../server/auth/routes.ts';
import { attemptDelayMs, LOGIN_LIMITS, loginThrottle, TOO_MANY } from '../../server/auth/login-throttle.ts';
import { MemoryKv, openKv, type KvStore } from '../../server/core/kv.ts';

const P = '/jeecg-boot';
const BAD_CREDENTIALS = '用户名或密码错误';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the delay before an attempt', () => {
  it('doubles with each earlier failure of the account and stops at two seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(attemptDelayMs)).toEqual([0, 250, 500, 1000, 2000, 2000, 2000]);
  });
});

describe.each(BACKENDS)('login throttling on %s (captcha off)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  let keys = 0;
  async function captcha(): Promise<{ captcha: string; checkKey: string }> {
    const checkKey = `throttle-${++keys}`;
    await t.call({ method: 'GET', url: `${P}/sys/randomImage/${checkKey}` });
    return { captcha: (await peekCaptcha(t.ctx.kv, checkKey))!, checkKey };
  }
  function loginFrom(address: string, username: string, password: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    return t.call<{ token?: string; captchaRequired?: boolean }>({
      method: 'POST',
      url: `${P}/sys/login`,
      remoteAddress: address,
      headers,
      payload: { username, password, ...extra },
    });
  }

  it('locks admin for the address that failed five times, while admin still logs in from another address', async () => {
    const attacker = '10.21.0.1';
    for (let i = 0; i < LOGIN_LIMITS.captchaAfter; i++) {
      expect((await loginFrom(attacker, 'admin', `Wrong@${i}`)).body).toMatchObject({ success: false, message: BAD_CREDENTIALS });
    }
    // Three failures: the account now demands a captcha, though LOGIN_CAPTCHA is off; nothing was tried or counted.
    const demanded = await loginFrom(attacker, 'admin', 'Wrong@x');
    expect(demanded.body).toMatchObject({ success: false, code: 412, message: CAPTCHA_DEMANDED, result: { captchaRequired: true } });
    expect((await loginFrom(attacker, 'admin', 'Wrong@y', { captcha: 'zzzz', checkKey: 'no-such-key' })).body).toMatchObject({ code: 412, message: '验证码错误' });
    for (let i = LOGIN_LIMITS.captchaAfter; i < LOGIN_LIMITS.pair; i++) {
      expect((await loginFrom(attacker, 'admin', `Wrong@${i}`, await captcha())).body.message).toBe(BAD_CREDENTIALS);
    }
    // The pair is locked now, even for the right password and a right captcha, and a forged X-Forwarded-For
    // changes nothing (TRUST_PROXY is off).
    const locked = await loginFrom(attacker, 'admin', PASSWORD, await captcha());
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ success: false, code: 429, message: TOO_MANY });
    expect((await loginFrom(attacker, 'admin', PASSWORD, await captcha(), { 'x-forwarded-for': '10.21.9.9' })).body.message).toBe(TOO_MANY);

    // The real admin, elsewhere: asked for the captcha the account now needs, then let in.
    const owner = '10.21.0.2';
    expect((await loginFrom(owner, 'admin', PASSWORD)).body).toMatchObject({ success: false, code: 412, message: CAPTCHA_DEMANDED });
    const started = Date.now();
    const admitted = await loginFrom(owner, 'admin', PASSWORD, await captcha());
    expect(admitted.body).toMatchObject({ success: true, code: 200 });
    expect(admitted.body.result.token).toBeTruthy();
    // Five earlier failures: this attempt waited the longest delay first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_LIMITS.maxDelayMs - 50);

    // Success starts the account's count again (no captcha needed from a third address); the pair stays locked.
    expect((await loginFrom('10.21.0.3', 'admin', PASSWORD)).body.success).toBe(true);
    expect((await loginFrom(attacker, 'admin', PASSWORD, await captcha())).body.message).toBe(TOO_MANY);
    // Another account from the attacker's address is not locked by admin's failures.
    expect((await loginFrom(attacker, 'ops', PASSWORD)).body.success).toBe(true);
  });

  it('locks an address after twenty failures over any accounts, and no one else', async () => {
    const sprayer = '10.21.1.1';
    for (let i = 0; i < LOGIN_LIMITS.address; i++) {
      expect((await loginFrom(sprayer, `ghost${i}`, PASSWORD)).body.message).toBe(BAD_CREDENTIALS);
    }
    expect((await loginFrom(sprayer, 'shipper', PASSWORD)).body).toMatchObject({ success: false, code: 429, message: TOO_MANY });
    expect((await loginFrom('10.21.1.2', 'shipper', PASSWORD)).body.success).toBe(true);
  });

  it('waits before a failing account’s next attempt without holding up other requests', async () => {
    const address = '10.21.2.1';
    await loginFrom(address, 'shipperadmin', 'Wrong@1');
    await loginFrom(address, 'shipperadmin', 'Wrong@2');
    const started = Date.now();
    let healthAnsweredAt = 0;
    const [login] = await Promise.all([
      loginFrom(address, 'shipperadmin', PASSWORD),
      t.app.inject({ method: 'GET', url: '/healthz' }).then(() => (healthAnsweredAt = Date.now())),
    ]);
    const loginAnsweredAt = Date.now();
    expect(login.body.success).toBe(true);
    expect(loginAnsweredAt - started).toBeGreaterThanOrEqual(attemptDelayMs(2) - 50);
    expect(healthAnsweredAt - started).toBeLessThan(attemptDelayMs(2));
  });

  it('applies the same rule to login by texted code: the failing pair is locked, the phone is not', async () => {
    const phone = '13800000004';
    const attacker = '10.21.3.1';
    const send = (address: string) =>
      t.call({ method: 'POST', url: `${P}/sys/sms`, remoteAddress: address, payload: { mobile: phone, smsmode: '0' } });
    const phoneLogin = (address: string, code: string) =>
      t.call<{ token: string }>({ method: 'POST', url: `${P}/sys/phoneLogin`, remoteAddress: address, payload: { mobile: phone, captcha: code } });
    await send(attacker);
    const code = await latestSmsCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) expect((await phoneLogin(attacker, wrong)).body.success).toBe(false);
    expect((await phoneLogin(attacker, wrong)).body).toMatchObject({ success: false, code: 429, message: TOO_MANY });

    const owner = '10.21.3.2';
    expect((await send(owner)).body.success).toBe(true);
    const fresh = await latestSmsCode(t, phone);
    expect((await phoneLogin(owner, fresh)).body).toMatchObject({ success: true, code: 200 });
  });
});

describe('the same counters on the Redis key store', () => {
  const stores: Array<[string, () => KvStore]> = [
    ['memory', () => new MemoryKv()],
    ['redis', () => openKv(REDIS_URL, `freight-test-${crypto.randomBytes(4).toString('hex')}:`)],
  ];

  describe.each(stores)('%s', (_name, open) => {
    const kv = open();
    afterAll(() => kv.close());

    it('demands a captcha after three failures and locks only the failing pair after five', async () => {
      const fromA = () => loginThrottle(kv, 'account:admin', '10.0.0.1');
      for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
        const attempt = fromA();
        expect(await attempt.lockedOut()).toBe(false);
        expect(await attempt.captchaDemanded()).toBe(i >= LOGIN_LIMITS.captchaAfter);
        expect(await attempt.begin('answered')).toBe('go');
        await attempt.failed();
      }
      expect(await fromA().lockedOut()).toBe(true);
      const fromB = loginThrottle(kv, 'account:admin', '10.0.0.2');
      expect(await fromB.lockedOut()).toBe(false);
      expect(await fromB.captchaDemanded()).toBe(true);
      // Attempts that raced past the checks are still caught once counted.
      expect(await fromB.begin('unanswered')).toBe('captcha-required');
      await fromB.succeeded();
      expect(await loginThrottle(kv, 'account:admin', '10.0.0.2').captchaDemanded()).toBe(false);
      expect(await fromA().lockedOut()).toBe(true);
    });
  });
});
