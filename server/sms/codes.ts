/**
 * One-time SMS codes: six digits, valid five minutes, single use, and dropped after five wrong tries (JeecgBoot
 * kept codes 10 minutes, reusable, with unlimited tries — contract §2.3, §9 #18). Only a hash is stored.
 */
import crypto from 'node:crypto';
import type { KvStore } from '../core/kv.ts';
import type { SmsMode } from './provider.ts';

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_TRIES = 5;

interface StoredCode {
  hash: string;
  tries: number;
  issuedAt: number;
  expiresAt: number;
}

const keyOf = (mode: SmsMode, mobile: string) => `sms:code:${mode}:${mobile}`;
const hashOf = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

export type IssueOutcome = { ok: true; code: string } | { ok: false; waitSeconds: number };

export async function issueSmsCode(kv: KvStore, mode: SmsMode, mobile: string, now = Date.now()): Promise<IssueOutcome> {
  const existing = await kv.get(keyOf(mode, mobile));
  if (existing) {
    const stored = JSON.parse(existing) as StoredCode;
    const wait = Math.ceil((stored.issuedAt + SMS_RESEND_SECONDS * 1000 - now) / 1000);
    if (wait > 0) return { ok: false, waitSeconds: wait };
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const stored: StoredCode = { hash: hashOf(code), tries: 0, issuedAt: now, expiresAt: now + SMS_CODE_TTL_SECONDS * 1000 };
  await kv.set(keyOf(mode, mobile), JSON.stringify(stored), SMS_CODE_TTL_SECONDS);
  return { ok: true, code };
}

export type VerifyOutcome = 'ok' | 'wrong' | 'expired' | 'locked';

export async function verifySmsCode(kv: KvStore, mode: SmsMode, mobile: string, code: string): Promise<VerifyOutcome> {
  const key = keyOf(mode, mobile);
  const raw = await kv.get(key);
  if (!raw) return 'expired';
  const stored = JSON.parse(raw) as StoredCode;
  if (crypto.timingSafeEqual(Buffer.from(stored.hash), Buffer.from(hashOf(code.trim())))) {
    await kv.del(key);
    return 'ok';
  }
  stored.tries += 1;
  if (stored.tries >= SMS_MAX_TRIES) {
    await kv.del(key);
    return 'locked';
  }
  const remaining = Math.max(1, Math.ceil((stored.expiresAt - Date.now()) / 1000));
  await kv.set(key, JSON.stringify(stored), remaining);
  return 'wrong';
}

export const VERIFY_MESSAGES: Record<Exclude<VerifyOutcome, 'ok'>, string> = {
  wrong: '手机验证码错误',
  expired: '验证码已失效，请重新获取',
  locked: '验证码错误次数过多，请重新获取',
};
