/**
 * Code check rules (`sys_check_rule`, contract §6.2): a rule is a list of steps `{digits, pattern, message}`; a
 * step with digits `*` checks the whole value, a step with a number checks the next that many characters. Rules
 * live in the database (admins edit them); the platform's defaults are inserted once and never overwritten.
 */
import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';

export interface RuleStep {
  digits: string;
  pattern: string;
  message: string;
}

export interface StepFailure extends RuleStep {
  beginIndex: number;
  endIndex: number;
  checkValue: string;
  passed: false;
}

/** The first step the value fails, or null when it passes them all. A pattern that does not compile fails closed. */
export function checkValue(steps: RuleStep[], value: string): StepFailure | null {
  let cursor = 0;
  for (const step of steps) {
    const whole = step.digits === '*';
    const length = whole ? value.length : Number.parseInt(step.digits, 10);
    const beginIndex = whole ? 0 : cursor;
    const endIndex = whole ? value.length : Math.min(value.length, cursor + (Number.isFinite(length) ? length : 0));
    const checked = value.slice(beginIndex, endIndex);
    let passed: boolean;
    try {
      passed = new RegExp(step.pattern).test(checked);
    } catch {
      passed = false;
    }
    if (!passed) return { ...step, beginIndex, endIndex, checkValue: checked, passed: false };
    if (!whole) cursor = endIndex;
  }
  return null;
}

export function parseSteps(json: string): RuleStep[] {
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((s): s is Record<string, unknown> => !!s && typeof s === 'object')
    .map((s) => ({ digits: String(s.digits ?? '*'), pattern: String(s.pattern ?? ''), message: String(s.message ?? '') }));
}

/** Rules every installation starts with. */
export const DEFAULT_RULES: Array<{ code: string; name: string; description: string; steps: RuleStep[] }> = [
  {
    code: 'waybill_no',
    name: '运单号',
    description: '两位大写字母开头，后接8位日期和4位以上流水号',
    steps: [
      { digits: '2', pattern: '^[A-Z]{2}$', message: '运单号须以两位大写字母开头' },
      { digits: '8', pattern: '^20\\d{6}$', message: '运单号第3-10位须为日期（yyyyMMdd）' },
      { digits: '*', pattern: '^[A-Z]{2}\\d{12,20}$', message: '运单号须为两位大写字母加12-20位数字' },
    ],
  },
  {
    code: 'road_transport_cert',
    name: '道路运输证号',
    description: '12位数字',
    steps: [{ digits: '*', pattern: '^\\d{12}$', message: '道路运输证号须为12位数字' }],
  },
];

export async function seedCheckRules(db: Kysely<SystemTables>): Promise<void> {
  for (const rule of DEFAULT_RULES) {
    await db
      .insertInto('sys_check_rule')
      .values({ id: newId(), rule_code: rule.code, rule_name: rule.name, rule_json: JSON.stringify(rule.steps), rule_description: rule.description })
      .onConflict((oc) => oc.column('rule_code').doNothing())
      .execute();
  }
}
