/**
 * Login captcha: four characters without look-alikes, drawn as SVG paths (svg-captcha) so the answer is not in the
 * markup. The answer is kept 60 s under a hash of the client's key and is deleted on the first attempt, right or
 * wrong (JeecgBoot kept it after failures, which allowed retries — contract §9 #18).
 */
import crypto from 'node:crypto';
import svgCaptchaModule from 'svg-captcha';
import type { KvStore } from '../core/kv.ts';

/** The package's callable export draws given text; its typings only declare the random-text helpers. */
const drawCaptcha = svgCaptchaModule as unknown as (
  text: string,
  options: { width: number; height: number; fontSize: number; noise: number; color: boolean; background: string },
) => string;

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_TTL_SECONDS = 60;

function storeKey(checkKey: string): string {
  return `captcha:${crypto.createHash('sha256').update(checkKey).digest('hex')}`;
}

export async function issueCaptcha(kv: KvStore, checkKey: string): Promise<string> {
  let text = '';
  for (let i = 0; i < 4; i++) text += ALPHABET[crypto.randomInt(ALPHABET.length)];
  await kv.set(storeKey(checkKey), text.toLowerCase(), CAPTCHA_TTL_SECONDS);
  const svg = drawCaptcha(text, { width: 105, height: 35, fontSize: 40, noise: 2, color: true, background: '#f4f6fb' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** True when the answer matches; the stored answer is consumed either way. */
export async function consumeCaptcha(kv: KvStore, checkKey: string, answer: string): Promise<boolean> {
  const expected = await kv.take(storeKey(checkKey));
  return expected !== null && expected === answer.trim().toLowerCase();
}

/** For tests that drive the real login flow: the answer currently stored for a key (not exposed over HTTP). */
export async function peekCaptcha(kv: KvStore, checkKey: string): Promise<string | null> {
  return kv.get(storeKey(checkKey));
}
