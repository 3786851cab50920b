import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { buildApp, type BuiltApp } from '../../server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { MemoryKv } from '../../server/core/kv.ts';
import { previewCron } from '../../server/domains/system/jobs/cron.ts';
import { schedulerOf } from '../../server/domains/system/jobs.ts';
import { jobHandlerKeys } from '../../server/domains/system/jobs/handlers.ts';
import { slotKey, type FireResult } from '../../server/domains/system/jobs/scheduler.ts';
import type { Page } from '../../src/contracts/envelope.ts';

const P = '/jeecg-boot/sys/quartzJob';

interface Job {
  id: string;
  jobClassName: string;
  cronExpression: string;
  parameter?: string;
  description?: string;
  status: string;
  status_dictText: string;
}
interface Run {
  jobId: string;
  triggerType: string;
  outcome: string;
  message: string;
  durationMs: number;
  fireTime: string | null;
  instance: string;
  triggeredBy: string | null;
}

describe('Quartz cron expressions', () => {
  const from = new Date('2026-11-22T00:00:00+08:00');
  it('reads Quartz syntax: seconds, ?, L, W, #, names, year', () => {
    expect(previewCron('0 0/5 * * * ?', 3, from)).toEqual(['2026-11-22 00:05:00', '2026-11-22 00:10:00', '2026-11-22 00:15:00']);
    expect(previewCron('0 15 10 ? * MON-FRI', 2, from)).toEqual(['2026-11-23 10:15:00', '2026-11-24 10:15:00']);
    expect(previewCron('0 0 12 L * ?', 2, from)).toEqual(['2026-11-30 12:00:00', '2026-12-31 12:00:00']);
    // Quartz numbers weekdays from Sunday = 1: 6L is the last Friday, 2#1 the first Monday.
    expect(previewCron('0 0 12 ? * 6L', 1, from)).toEqual(['2026-11-27 12:00:00']);
    expect(previewCron('0 0 2 ? * 2#1', 1, from)).toEqual(['2026-12-07 02:00:00']);
    expect(previewCron('0 0 12 15W * ?', 1, from)).toEqual(['2026-12-15 12:00:00']);
    expect(previewCron('0 11 11 11 11 ? 2030', 5, from)).toEqual(['2030-11-11 11:11:00']);
  });
  it('refuses what Quartz refuses, in Chinese', () => {
    expect(() => previewCron('0 0 12 * *', 1)).toThrow('Cron表达式应有6或7段（秒 分 时 日 月 周 [年]），当前为5段');
    expect(() => previewCron('0 60 * * * ?', 1)).toThrow('Cron表达式第2段（分）“60”不正确：取值范围为 0-59');
    expect(() => previewCron('0 0 12 * * MON', 1)).toThrow('日和周必须有且只有一个为 ?');
    expect(() => previewCron('0 0 12 ? * 9', 1)).toThrow('第6段（周）“9”不正确：取值范围为 1-7');
    expect(() => previewCron('0 0 12 * * ? 2020', 1)).toThrow('该Cron表达式之后不会再触发');
  });
});

describe('job handler registry', () => {
  it('is what the form offers: the handler dictionary lists exactly the registered keys', () => {
    const file = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'schemas/dicts/jobs.dicts.json'), 'utf8')) as {
      dictionaries: Array<{ code: string; items: Array<{ value: string }> }>;
    };
    const offered = file.dictionaries.find((d) => d.code === 'quartz_job_handler')!.items.map((i) => i.value);
    expect(offered.sort()).toEqual(jobHandlerKeys().sort());
  });
});

/** Polls until `check` returns a value (bounded), so no assertion depends on timing. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, limitMs = 15_000): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(BACKENDS)('/sys/quartzJob on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const jobs = async () => (await t.call<Page<Job>>({ method: 'GET', url: `${P}/list?pageSize=50`, token: admin })).body.result.records;
  const jobOf = async (key: string) => (await jobs()).find((j) => j.jobClassName === key)!;
  const runsOf = async (jobId: string) => (await t.call<Page<Run>>({ method: 'GET', url: `${P}/runs?jobId=${jobId}&pageSize=100`, token: admin })).body.result;

  beforeAll(async () => {
    t = await startTestApp(kind, { seedDrivers: 0 });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the seeded jobs with their status text, for admins only', async () => {
    const list = await jobs();
    expect(list.map((j) => j.jobClassName).sort()).toEqual(['monitoringUploadRetry', 'sessionCleanup', 'settlementBillGeneration', 'settlementDueRecalculation', 'taxDeclarationDraft']);
    expect(list.find((j) => j.jobClassName === 'sessionCleanup')).toMatchObject({ cronExpression: '0 30 3 * * ?', status: '0', status_dictText: '正常' });
    expect(list.find((j) => j.jobClassName === 'monitoringUploadRetry')).toMatchObject({ status: '-1', status_dictText: '停止' });
    const ops = await t.login('ops');
    expect((await t.call({ method: 'GET', url: `${P}/list`, token: ops })).body).toMatchObject({ success: false, code: 510 });
    expect((await t.call({ method: 'GET', url: `${P}/execute?id=${list[0].id}`, token: ops })).body).toMatchObject({ success: false, code: 510 });
  });

  it('previews the next run times, or says why the expression is wrong', async () => {
    const good = await t.call<string[]>({ method: 'GET', url: `${P}/cronPreview?cron=${encodeURIComponent('0 0/5 * * * ?')}&count=5`, token: admin });
    expect(good.body.success).toBe(true);
    expect(good.body.result).toHaveLength(5);
    expect(good.body.result[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d[05]:00$/);
    const bad = await t.call({ method: 'GET', url: `${P}/cronPreview?cron=${encodeURIComponent('0 0 25 * * ?')}`, token: admin });
    expect(bad.body).toMatchObject({ success: false, message: 'Cron表达式第3段（时）“25”不正确：取值范围为 0-23' });
  });

  it('refuses unknown handlers, bad cron expressions and a second job for one handler; nothing is saved', async () => {
    const unknown = await t.call({ method: 'POST', url: `${P}/add`, token: admin, payload: { jobClassName: 'org.jeecg.modules.quartz.job.SampleJob', cronExpression: '0 0 3 * * ?', status: '-1' } });
    expect(unknown.body).toMatchObject({ success: false, result: { errors: [{ field: 'jobClassName' }] } });
    expect(unknown.body.message).toContain('可选：sessionCleanup、settlementDueRecalculation、monitoringUploadRetry');
    const badCron = await t.call({ method: 'POST', url: `${P}/add`, token: admin, payload: { jobClassName: 'sessionCleanup', cronExpression: '0 0 3 * *' } });
    expect(badCron.body).toMatchObject({ success: false, result: { errors: [{ field: 'cronExpression', message: 'Cron表达式应有6或7段（秒 分 时 日 月 周 [年]），当前为5段' }] } });
    const twice = await t.call({ method: 'POST', url: `${P}/add`, token: admin, payload: { jobClassName: 'sessionCleanup', cronExpression: '0 0 4 * * ?' } });
    expect(twice.body).toMatchObject({ success: false, result: { errors: [{ field: 'jobClassName' }] } });
    expect(twice.body.message).toContain('已有定时任务');
    expect(await jobs()).toHaveLength(5);
  });

  it('deletes, adds (scheduled at once when running), edits, pauses and resumes a job', async () => {
    const scheduler = schedulerOf(t.app)!;
    const old = await jobOf('monitoringUploadRetry');
    expect((await t.call({ method: 'DELETE', url: `${P}/delete?id=${old.id}`, token: admin })).body.success).toBe(true);
    expect(await jobs()).toHaveLength(4);

    const add = await t.call<{ id: string }>({ method: 'POST', url: `${P}/add`, token: admin, payload: { jobClassName: 'monitoringUploadRetry', cronExpression: '0 0/10 * * * ?', parameter: '{"retryMax":3}', description: '重试' } });
    expect(add.body).toMatchObject({ success: true, message: '创建定时任务成功' });
    const id = add.body.result.id;
    expect((await t.call<Job>({ method: 'GET', url: `${P}/queryById?id=${id}`, token: admin })).body.result).toMatchObject({ status: '0', parameter: '{"retryMax":3}' });
    expect(scheduler.isScheduled(id)).toBe(true);

    const edit = await t.call({ method: 'PUT', url: `${P}/edit`, token: admin, payload: { id, cronExpression: '0 0 1 ? * MON', description: '每周一重试' } });
    expect(edit.body.success).toBe(true);
    expect(await jobOf('monitoringUploadRetry')).toMatchObject({ cronExpression: '0 0 1 ? * MON', description: '每周一重试', parameter: '{"retryMax":3}' });
    const badEdit = await t.call({ method: 'POST', url: `${P}/edit`, token: admin, payload: { id, cronExpression: '0 0 1 * * MON' } });
    expect(badEdit.body).toMatchObject({ success: false, result: { errors: [{ field: 'cronExpression' }] } });
    expect((await jobOf('monitoringUploadRetry')).cronExpression).toBe('0 0 1 ? * MON');

    expect((await t.call({ method: 'GET', url: `${P}/pause?id=${id}`, token: admin })).body).toMatchObject({ success: true, message: '停止定时任务成功' });
    expect(await jobOf('monitoringUploadRetry')).toMatchObject({ status: '-1' });
    expect(scheduler.isScheduled(id)).toBe(false);
    expect((await t.call({ method: 'GET', url: `${P}/resume?id=${id}`, token: admin })).body.success).toBe(true);
    expect(scheduler.isScheduled(id)).toBe(true);
    // The list's operation buttons call PUT <api>/<key> with {ids}.
    expect((await t.call({ method: 'PUT', url: `${P}/pause`, token: admin, payload: { ids: id } })).body.success).toBe(true);
    expect(await jobOf('monitoringUploadRetry')).toMatchObject({ status: '-1' });
    expect(scheduler.isScheduled(id)).toBe(false);

    expect((await t.call({ method: 'DELETE', url: `${P}/deleteBatch?ids=${id}`, token: admin })).body.success).toBe(true);
    expect((await t.call({ method: 'GET', url: `${P}/queryById?id=${id}`, token: admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('runs a job once on request and records the outcome: expired sessions are cleaned up', async () => {
    const user = await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'shipper').executeTakeFirstOrThrow();
    await sql`insert into sys_session (token_hash, user_id, expires_at) values
      ('old-expired', ${user.id}, now() - interval '30 days'), ('still-valid', ${user.id}, now() + interval '1 day')`.execute(t.ctx.db);
    await sql`insert into sys_remember_token (token_hash, user_id, expires_at) values ('old-remember', ${user.id}, now() - interval '1 hour')`.execute(t.ctx.db);
    const job = await jobOf('sessionCleanup');
    const run = await t.call<Run>({ method: 'GET', url: `${P}/execute?id=${job.id}`, token: admin });
    expect(run.body).toMatchObject({ success: true, result: { outcome: 'success' } });
    expect(run.body.message).toContain('会话 1 条、过期的记住登录令牌 1 条');
    const left = await sql<{ token_hash: string }>`select token_hash from sys_session where token_hash in ('old-expired', 'still-valid')`.execute(t.ctx.db);
    expect(left.rows.map((r) => r.token_hash)).toEqual(['still-valid']);
    const history = await runsOf(job.id);
    expect(history.records[0]).toMatchObject({ triggerType: 'manual', outcome: 'success', triggeredBy: 'admin', fireTime: null });
    expect(history.records[0].durationMs).toBeGreaterThanOrEqual(0);
    // The 执行记录 panel reads the same history in the JeecgBoot list dialect, with dictionary texts.
    const panel = await t.call<Page<Run & { outcome_dictText: string; triggerType_dictText: string }>>({
      method: 'GET', url: `/jeecg-boot/sys/quartzJobRun/list?jobId=${job.id}&outcome=success&column=durationMs&order=asc`, token: admin,
    });
    expect(panel.body.result.total).toBe(1);
    expect(panel.body.result.records[0]).toMatchObject({ jobId: job.id, outcome_dictText: '成功', triggerType_dictText: '手动' });
    const ops = await t.login('ops');
    expect((await t.call({ method: 'GET', url: `/jeecg-boot/sys/quartzJobRun/list?jobId=${job.id}`, token: ops })).body).toMatchObject({ success: false, code: 510 });
  });

  it('says what the freight handlers did', async () => {
    const job = await jobOf('settlementDueRecalculation');
    const run = await t.call<Run>({ method: 'GET', url: `${P}/execute?id=${job.id}`, token: admin });
    expect(run.body).toMatchObject({ success: true, result: { outcome: 'success', message: '已重算 0 张未结清账单的逾期天数' } });
  });

  it('records a failing run as a failure and tells the caller why', async () => {
    const job = await jobOf('sessionCleanup');
    expect((await t.call({ method: 'PUT', url: `${P}/edit`, token: admin, payload: { id: job.id, parameter: 'seven days' } })).body.success).toBe(true);
    const run = await t.call({ method: 'GET', url: `${P}/execute?id=${job.id}`, token: admin });
    expect(run.body).toMatchObject({ success: false, message: '执行失败：参数不正确：应为 JSON 对象，如 {"days":7}' });
    const failed = (await runsOf(job.id)).records.find((r) => r.outcome === 'failure');
    expect(failed).toMatchObject({ triggerType: 'manual', message: '参数不正确：应为 JSON 对象，如 {"days":7}' });
    await t.call({ method: 'PUT', url: `${P}/edit`, token: admin, payload: { id: job.id, parameter: '{"days":7}' } });
  });

  it('fires a running job on its cron and stops firing it when paused', async () => {
    const job = await jobOf('sessionCleanup');
    expect((await t.call({ method: 'PUT', url: `${P}/edit`, token: admin, payload: { id: job.id, cronExpression: '* * * * * ?', status: '0' } })).body.success).toBe(true);
    const fired = await eventually(async () => (await runsOf(job.id)).records.find((r) => r.triggerType === 'cron'), 'a scheduled run');
    expect(fired).toMatchObject({ outcome: 'success', triggeredBy: null, instance: schedulerOf(t.app)!.instance });
    expect(fired.fireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await t.call({ method: 'GET', url: `${P}/pause?id=${job.id}`, token: admin })).body.success).toBe(true);
    expect(schedulerOf(t.app)!.isScheduled(job.id)).toBe(false);
  });
});

describe('several server instances on one PostgreSQL database', () => {
  let t: TestApp;
  let second: BuiltApp;
  let secondDb: DatabaseHandle;
  let jobId: string;
  const slotRuns = async (slot: Date) =>
    (await sql<{ instance: string }>`select instance from sys_quartz_job_run where job_id = ${jobId} and fire_time = ${slot.toISOString()}::timestamptz`.execute(t.ctx.db)).rows;

  beforeAll(async () => {
    t = await startTestApp('postgres', { seedDrivers: 0 });
    secondDb = await openDatabase({ databaseUrl: t.ctx.config.databaseUrl });
    second = await buildApp(t.ctx.config, secondDb, new MemoryKv());
    const job = await t.ctx.db.selectFrom('sys_quartz_job' as never).select(['id' as never]).where('job_class_name' as never, '=', 'sessionCleanup' as never).executeTakeFirstOrThrow();
    jobId = (job as { id: string }).id;
  });
  afterAll(async () => {
    await second?.app.close();
    await secondDb?.close();
    await t?.close();
  });

  it('runs each firing once, whichever instances fire it', async () => {
    const a = schedulerOf(t.app)!;
    const b = schedulerOf(second.app)!;
    expect(a.instance).not.toBe(b.instance);

    // While a third party holds the firing's lock (an instance mid-run), neither instance runs it.
    const held = new Date('2031-01-01T00:00:00Z');
    const holder = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1::bigint)', [slotKey(jobId, held)]);
      const blocked = await Promise.all([a.fire(jobId, held), b.fire(jobId, held)]);
      expect(blocked).toEqual([{ ran: false, reason: 'locked' }, { ran: false, reason: 'locked' }]);
      expect(await slotRuns(held)).toHaveLength(0);
    } finally {
      await holder.end();
    }

    // Both instances fire the same slot together: exactly one runs it, and a late firing finds it recorded.
    const slot = new Date('2031-01-01T00:00:01Z');
    const both: FireResult[] = await Promise.all([a.fire(jobId, slot), b.fire(jobId, slot)]);
    expect(both.filter((r) => r.ran)).toHaveLength(1);
    const runs = await slotRuns(slot);
    expect(runs).toHaveLength(1);
    expect([a.instance, b.instance]).toContain(runs[0].instance);
    expect(await b.fire(jobId, slot)).toEqual({ ran: false, reason: 'recorded' });
    expect(await a.fire(jobId, slot)).toEqual({ ran: false, reason: 'recorded' });

    // Each instance does run firings nobody else has: the single row above is the lock at work.
    const [ranA, ranB] = await Promise.all([a.fire(jobId, new Date('2031-01-01T00:00:02Z')), b.fire(jobId, new Date('2031-01-01T00:00:03Z'))]);
    expect(ranA.ran && ranB.ran).toBe(true);
    expect((await slotRuns(new Date('2031-01-01T00:00:03Z')))[0].instance).toBe(b.instance);
  });
});
