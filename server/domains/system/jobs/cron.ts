/**
 * Quartz cron expressions (what JeecgBoot stores: `秒 分 时 日 月 周 [年]`, `?`, `L`, `W`, `#`) checked field by
 * field with Chinese messages, then handed to croner in its Quartz-compatible modes. The same code validates a
 * job on save, answers the form's preview and schedules the job, so what the preview shows is what runs.
 */
import { Cron, type CronOptions } from 'croner';
import { TIME_ZONE } from '../../../db/database.ts';
import { wireTime } from '../../../core/clock.ts';

interface FieldRule {
  name: string;
  min: number;
  max: number;
  names?: string[];
}

const FIELDS: FieldRule[] = [
  { name: '秒', min: 0, max: 59 },
  { name: '分', min: 0, max: 59 },
  { name: '时', min: 0, max: 23 },
  { name: '日', min: 1, max: 31 },
  { name: '月', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  { name: '周', min: 1, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
  { name: '年', min: 1970, max: 2099 },
];

const DAY_OF_MONTH = 3;
const DAY_OF_WEEK = 5;

export class CronError extends Error {}

function fail(index: number, token: string, why: string): never {
  throw new CronError(`Cron表达式第${index + 1}段（${FIELDS[index].name}）“${token}”不正确：${why}`);
}

function numberIn(index: number, raw: string, whole: string): number {
  const rule = FIELDS[index];
  const named = rule.names?.indexOf(raw.toUpperCase()) ?? -1;
  const value = named >= 0 ? named + rule.min : /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (Number.isNaN(value)) fail(index, whole, `应为数字${rule.names ? '或英文缩写' : ''}`);
  if (value < rule.min || value > rule.max) fail(index, whole, `取值范围为 ${rule.min}-${rule.max}`);
  return value;
}

/** `*`, `n`, `a-b`, with an optional `/step`; Quartz also allows `n/step` and `/step`. */
function checkPlain(index: number, part: string): void {
  const [base, step, extra] = part.split('/');
  if (extra !== undefined) fail(index, part, '只能有一个 /');
  if (step !== undefined) {
    if (!/^\d+$/.test(step) || Number(step) === 0) fail(index, part, '/ 后应为大于 0 的步长');
    if (Number(step) > FIELDS[index].max) fail(index, part, `步长不能大于 ${FIELDS[index].max}`);
  }
  if (base === '*' || (base === '' && step !== undefined)) return;
  if (base === '') fail(index, part, '不能为空');
  const range = base.split('-');
  if (range.length > 2) fail(index, part, '范围应写作 a-b');
  const from = numberIn(index, range[0], part);
  if (range.length === 2 && numberIn(index, range[1], part) < from) fail(index, part, '范围的起点不能大于终点');
}

function checkDayOfMonth(part: string): void {
  const upper = part.toUpperCase();
  if (upper === 'L' || upper === 'LW') return;
  if (/^L-\d+$/.test(upper)) fail(DAY_OF_MONTH, part, '暂不支持 L-n（月末前第 n 天）写法');
  const nearest = /^(\d+)W$/.exec(upper);
  if (nearest) {
    numberIn(DAY_OF_MONTH, nearest[1], part);
    return;
  }
  if (/[LW]/.test(upper)) fail(DAY_OF_MONTH, part, 'L 和 W 只能写作 L、LW 或 nW');
  checkPlain(DAY_OF_MONTH, part);
}

function checkDayOfWeek(part: string): void {
  const upper = part.toUpperCase();
  if (upper === 'L') return;
  const nth = /^([A-Z0-9]+)#(\d+)$/.exec(upper);
  if (nth) {
    numberIn(DAY_OF_WEEK, nth[1], part);
    if (Number(nth[2]) < 1 || Number(nth[2]) > 5) fail(DAY_OF_WEEK, part, '# 后应为 1-5（第几个）');
    return;
  }
  const last = /^([A-Z0-9]+)L$/.exec(upper);
  if (last) {
    numberIn(DAY_OF_WEEK, last[1], part);
    return;
  }
  checkPlain(DAY_OF_WEEK, part);
}

function checkField(index: number, token: string): void {
  if (token === '?') {
    if (index !== DAY_OF_MONTH && index !== DAY_OF_WEEK) fail(index, token, '? 只能用于日或周');
    return;
  }
  const parts = token.split(',');
  if (parts.length > 1 && parts.some((p) => p === '' || /[?#]|^L$/i.test(p))) fail(index, token, '列表中不能有空项、? 或 L');
  for (const part of parts) {
    if (index === DAY_OF_MONTH) checkDayOfMonth(part);
    else if (index === DAY_OF_WEEK) checkDayOfWeek(part);
    else checkPlain(index, part);
  }
}

/** Checks a Quartz expression and returns the croner pattern for it; throws CronError with a Chinese message. */
export function quartzToCroner(expression: string): string {
  if (expression.length > 255) throw new CronError('Cron表达式不能超过255个字符');
  const tokens = expression.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) throw new CronError('请输入Cron表达式');
  if (tokens.length < 6 || tokens.length > 7) {
    throw new CronError(`Cron表达式应有6或7段（秒 分 时 日 月 周 [年]），当前为${tokens.length}段`);
  }
  tokens.forEach((token, index) => checkField(index, token));
  // Quartz refuses both, and neither: exactly one of day-of-month and day-of-week is `?`.
  if ((tokens[DAY_OF_MONTH] === '?') === (tokens[DAY_OF_WEEK] === '?')) {
    throw new CronError('Cron表达式的日和周必须有且只有一个为 ?（如 0 0 3 * * ? 或 0 0 3 ? * MON）');
  }
  const converted = tokens.map((token, index) => {
    if (token === '?') return '*';
    // Quartz reads a lone L in day-of-week as Saturday (7); croner wants the number.
    if (index === DAY_OF_WEEK && token.toUpperCase() === 'L') return '7';
    return token;
  });
  return converted.join(' ');
}

/** A croner job for the expression, paused and without a timer unless `options` say otherwise. */
export function cronFor(expression: string, options: CronOptions = {}): Cron {
  const pattern = quartzToCroner(expression);
  try {
    return new Cron(pattern, { ...CRON_OPTIONS, ...options });
  } catch (error) {
    // Our own checks catch the usual mistakes; anything croner still refuses is reported without its English.
    throw new CronError(`Cron表达式不正确：${expression.trim()}`, { cause: error });
  }
}

const CRON_OPTIONS: CronOptions = {
  timezone: TIME_ZONE,
  mode: '6-or-7-parts',
  alternativeWeekdays: true,
  sloppyRanges: true,
  paused: true,
};


/** The next `count` run times, or a CronError: also refuses an expression that will never fire again. */
export function previewCron(expression: string, count: number, from: Date = new Date()): string[] {
  const runs = cronFor(expression).nextRuns(Math.min(Math.max(count, 1), 20), from);
  if (runs.length === 0) throw new CronError('该Cron表达式之后不会再触发，请检查年份等设置');
  return runs.map(wireTime);
}
