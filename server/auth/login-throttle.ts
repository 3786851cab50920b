/**
 * Failed-login throttling shared by every way of proving who one is (password, texted code, registration).
 * Someone without the password must not be able to lock the real user out, so nothing ever locks an account from
 * every address: only the failing (account, address) pair and the failing address are locked. The account itself,
 * whatever address its failures came from, only gets harder to guess at: a captcha on the password login and a
 * growing, bounded delay before each of its attempts.
 *
 * Counters live in the short-lived store (Redis or memory, core/kv.ts) and last one window from their first
 * increment; reaching a lock renews the window, so a lock lasts the full window from the failure that set it.
 */
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KvStore } from '../core/kv.ts';

export const LOGIN_LIMITS = {
  /** Failures of one account from one address that lock that pair. */
  pair: 5,
  /** Failures from one address, any accounts, that lock the address. */
  address: 20,
  /** Failures of one account, any addresses, after which its password login demands a captcha. */
  captchaAfter: 3,
  windowSeconds: 15 * 60,
  /** The delay before an attempt doubles with each earlier failure of the account, from this, up to the cap. */
  firstDelayMs: 250,
  maxDelayMs: 2000,
} as const;

/** The refusal of a locked pair or address: on the login families, and on the other texted-code checks. */
export const TOO_MANY = '登录失败次数过多，请15分钟后再试';
export const TOO_MANY_TRIES = '失败次数过多，请15分钟后再试';

/** How long an attempt waits when its account already failed `priorFailures` times in the window. */
export function attemptDelayMs(priorFailures: number): number {
  if (priorFailures <= 0) return 0;
  return Math.min(LOGIN_LIMITS.maxDelayMs, LOGIN_LIMITS.firstDelayMs * 2 ** (priorFailures - 1));
}

/**
 * What the attempt brought by way of an image captcha: checked and right, none (the password login with captchas
 * off), or not part of this family at all (a texted code is its own one-time challenge).
 */
export type CaptchaState = 'answered' | 'unanswered' | 'not-used';

/** `go` once the attempt's delay has passed; otherwise why it must be refused without trying the credential. */
export type AttemptVerdict = 'go' | 'locked' | 'captcha-required';

export interface LoginThrottle {
  /** The pair or the address is locked: refuse before anything else is looked at. */
  lockedOut(): Promise<boolean>;
  /** The account failed often enough that a password attempt must carry a captcha. */
  captchaDemanded(): Promise<boolean>;
  /**
   * Counts the attempt before its credential is checked, so parallel attempts cannot all slip under the limits
   * while the first are still being verified; then waits the account's delay (a timer, nothing is blocked).
   */
  begin(captcha: CaptchaState): Promise<AttemptVerdict>;
  /** The credential was wrong: the address counts it too. */
  failed(): Promise<void>;
  /** The credential was right: the account's and this pair's counts start again. */
  succeeded(): Promise<void>;
}

/** Subjects are typed by strangers (any length): keys hold a digest, never the text. */
const digest = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/**
 * The throttle for one attempt. `subject` names the account within its family (`account:<username>`,
 * `phone:<mobile>`, `register:<mobile>`), `address` is the client address as Fastify sees it (request.ip, which
 * follows X-Forwarded-For only with TRUST_PROXY=1).
 */
export function loginThrottle(kv: KvStore, subject: string, address: string): LoginThrottle {
  const subjectDigest = digest(subject);
  const accountKey = `loginfail:account:${subjectDigest}`;
  const pairKey = `loginfail:pair:${subjectDigest}:${address}`;
  const addressKey = `loginfail:ip:${address}`;
  const count = async (key: string) => Number((await kv.get(key)) ?? 0);
  let pairCount = 0;

  return {
    async lockedOut() {
      const [pair, byAddress] = await Promise.all([count(pairKey), count(addressKey)]);
      return pair >= LOGIN_LIMITS.pair || byAddress >= LOGIN_LIMITS.address;
    },
    async captchaDemanded() {
      return (await count(accountKey)) >= LOGIN_LIMITS.captchaAfter;
    },
    async begin(captcha) {
      const [accountAttempts, pairAttempts] = await Promise.all([
        kv.incr(accountKey, LOGIN_LIMITS.windowSeconds),
        kv.incr(pairKey, LOGIN_LIMITS.windowSeconds),
      ]);
      pairCount = pairAttempts;
      const priorFailures = accountAttempts - 1;
      // Only attempts that raced past lockedOut/captchaDemanded together get here over a limit.
      if (pairAttempts > LOGIN_LIMITS.pair) return 'locked';
      if (captcha === 'unanswered' && priorFailures >= LOGIN_LIMITS.captchaAfter) return 'captcha-required';
      await sleep(attemptDelayMs(priorFailures));
      return 'go';
    },
    async failed() {
      const byAddress = await kv.incr(addressKey, LOGIN_LIMITS.windowSeconds);
      // The failure that sets a lock starts its full window.
      if (pairCount >= LOGIN_LIMITS.pair) await kv.set(pairKey, String(pairCount), LOGIN_LIMITS.windowSeconds);
      if (byAddress >= LOGIN_LIMITS.address) await kv.set(addressKey, String(byAddress), LOGIN_LIMITS.windowSeconds);
    },
    async succeeded() {
      await Promise.all([kv.del(accountKey), kv.del(pairKey)]);
    },
  };
}
