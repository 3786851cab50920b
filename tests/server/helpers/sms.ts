/** Reads SMS codes the way staff do: from the built-in provider's outbox screen. */
import { expect } from 'vitest';
import type { Page, WireRecord } from '../../../src/contracts/envelope.ts';
import type { TestApp } from './test-app.ts';

/** The six-digit code in the latest message sent to `mobile`, or '' when none was sent. */
export async function latestSmsCode(t: TestApp, mobile: string): Promise<string> {
  const admin = await t.login('admin');
  const { body } = await t.call<Page<WireRecord>>({ method: 'GET', url: `/jeecg-boot/sys/smsOutbox/list?mobile=${mobile}`, token: admin });
  expect(body.success).toBe(true);
  const content = String(body.result.records[0]?.content ?? '');
  return /(\d{6})/.exec(content)?.[1] ?? '';
}
