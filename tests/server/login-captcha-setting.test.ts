/**
 * Issue 22, item 10: the login page learns from the public platform settings whether the server asks for the
 * captcha on every login (LOGIN_CAPTCHA), so it can hide the field when it does not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const SETTINGS = '/jeecg-boot/setting/hySetting/queryPlatformSettings';

describe.each(BACKENDS)('loginCaptcha in the platform settings on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.each([[true, 'on'], [false, 'off']] as const)('says %s when LOGIN_CAPTCHA=%s, to anyone', async (captchaEnabled, _setting) => {
    t = await startTestApp(kind, { captchaEnabled });
    const { body } = await t.call<{ loginCaptcha: boolean }>({ method: 'GET', url: SETTINGS });
    expect(body.success).toBe(true);
    expect(body.result.loginCaptcha).toBe(captchaEnabled);
  });
});
