/**
 * Scheduled jobs (/sys/quartzJob, contract §6.9) on the engine: list/add/edit/delete are the engine's, over
 * sys_quartz_job (migration 0160, one set of jobs for the platform), and the run history's list is the engine's over
 * sys_quartz_job_run. What is the domain's own: a job names a registered handler (server/domains/system/jobs/handlers.ts)
 * and a Quartz expression that will fire, one job per handler; every committed write (re)schedules or stops the
 * job at once. Pause, resume and 执行一次 are operations with routes of their own (JeecgBoot's GET `?id=` and the
 * operation buttons' PUT|POST `{id|ids}`), as are the cron preview and the jobs screen's own view of the runs.
 * The scheduler starts when the app is ready and stops (runs under way awaited) when it closes.
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldError, WireRecord } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { CheckEvent, DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { registerScopedList } from '../../entity/list-route.ts';
import { CronError, previewCron } from './jobs/cron.ts';
import { jobHandler, jobHandlerKeys } from './jobs/handlers.ts';
import { JobScheduler, loadJob, type RunRecord } from './jobs/scheduler.ts';

const NOT_FOUND = '未找到对应数据';
const MAX_BATCH = 100;

interface Running {
  scheduler: JobScheduler;
  log: FastifyInstance['log'];
}

/** Each app's scheduler: by its context for the hooks, by the app for tests that fire slots on it directly. */
const byContext = new WeakMap<AppContext, Running>();
const byApp = new WeakMap<FastifyInstance, JobScheduler>();

/** The scheduler of a built app. */
export function schedulerOf(app: FastifyInstance): JobScheduler | undefined {
  return byApp.get(app);
}

function idsOf(raw: unknown): string[] {
  const ids = [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多处理${MAX_BATCH}条记录`);
  return ids;
}

/**
 * The rules this area adds to the schema's: a registered handler key and a Quartz expression that will fire. A
 * status sent as a number (JeecgBoot's Quartz status is an Integer) is the same choice as its string.
 */
function jobFieldErrors(record: Record<string, unknown>, errors: FieldError[], { ctx, entity }: CheckEvent): FieldError[] {
  const key = record.jobClassName;
  // The handler dictionary only feeds the form's select; the registry decides, with a message listing the keys.
  const checked = errors.filter((e) => !(e.field === 'jobClassName' && key !== undefined) && !(e.field === 'status' && typeof record.status === 'number'));
  if (typeof record.status === 'number') {
    const value = String(record.status);
    record.status = value;
    const status = entity.schema.fields.status;
    if (status.dict && !ctx.dicts.has(status.dict, value)) checked.push({ field: 'status', message: `${status.label}：请从列表中选择` });
  }
  if (typeof key === 'string' && !jobHandler(key)) {
    checked.push({ field: 'jobClassName', message: `任务类名“${key}”不是可用的任务处理器，可选：${jobHandlerKeys().join('、')}` });
  }
  const cron = record.cronExpression;
  if (typeof cron === 'string' && !checked.some((e) => e.field === 'cronExpression')) {
    try {
      previewCron(cron, 1);
    } catch (error) {
      if (!(error instanceof CronError)) throw error;
      checked.push({ field: 'cronExpression', message: error.message });
    }
  }
  return checked;
}

const jobHooks: EntityHooks = {
  fieldErrors: jobFieldErrors,
  async beforeWrite({ tx, id, record }) {
    const key = String(record.jobClassName);
    const taken = await sql`select 1 from sys_quartz_job where job_class_name = ${key} and id <> ${id}`.execute(tx);
    if (taken.rows.length > 0) {
      throw new ValidationError([{ field: 'jobClassName', message: `任务类名“${key}”已有定时任务，每个处理器只能有一个任务` }]);
    }
  },
  async afterCommit({ ctx, action, ids }) {
    const running = byContext.get(ctx);
    if (!running) return;
    for (const id of ids) {
      if (action === 'delete') running.scheduler.unschedule(id);
      // The write stands; a job the timer missed is picked up by the scheduler's next sync.
      else await running.scheduler.refresh(id).catch((error: unknown) => running.log.error({ err: error, jobId: id }, 'job reschedule failed'));
    }
  },
  texts: { add: '创建定时任务成功', edit: '更新定时任务成功!', delete: '删除定时任务成功!', deleteBatch: '批量删除定时任务成功!' },
};

function registerJobOperations(app: FastifyInstance, ctx: AppContext, base: string, scheduler: JobScheduler): void {
  const code = (action: string) => `system:quartzJob:${action}`;
  /** Sets the status of existing jobs and (re)schedules them at once. */
  const setStatus = async (request: FastifyRequest, ids: string[], status: '0' | '-1') => {
    const caller = requireCaller(request);
    if (ids.length === 0) throw new BusinessError('请选择定时任务');
    const changed = await sql`update sys_quartz_job set status = ${status}, update_by = ${caller.username}, update_time = now()
      where id in (${sql.join(ids)}) and del_flag = 0`.execute(ctx.db);
    if (Number(changed.numAffectedRows ?? 0) === 0) throw new BusinessError(NOT_FOUND);
    for (const id of ids) await scheduler.refresh(id);
  };
  const execute = async (request: FastifyRequest, ids: string[]): Promise<RunRecord[]> => {
    const caller = requireCaller(request);
    if (ids.length === 0) throw new BusinessError('请选择定时任务');
    const runs: RunRecord[] = [];
    for (const id of ids) {
      const job = await loadJob(ctx.db, id);
      if (!job) throw new BusinessError(NOT_FOUND);
      runs.push(await scheduler.runNow(job, caller.username));
    }
    const failed = runs.find((run) => run.outcome === 'failure');
    // The run is recorded either way; the person who asked for it reads why it failed.
    if (failed) throw new BusinessError(`执行失败：${failed.message}`);
    return runs;
  };
  const operationIds = (request: FastifyRequest) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
    const { ids, id } = body as WireRecord;
    return idsOf(ids ?? id);
  };

  // JeecgBoot's own calls: GET with ?id=.
  app.get<{ Querystring: { id?: string } }>(`${base}/pause`, { config: { permission: code('pause') } }, async (request) => {
    await setStatus(request, idsOf(request.query.id).slice(0, 1), '-1');
    return ok(null, '停止定时任务成功');
  });
  app.get<{ Querystring: { id?: string } }>(`${base}/resume`, { config: { permission: code('resume') } }, async (request) => {
    await setStatus(request, idsOf(request.query.id).slice(0, 1), '0');
    return ok(null, '启动定时任务成功');
  });
  app.get<{ Querystring: { id?: string } }>(`${base}/execute`, { config: { permission: code('execute') } }, async (request) => {
    const [run] = await execute(request, idsOf(request.query.id).slice(0, 1));
    return ok(run, `执行成功：${run.message}`);
  });
  // The schema's operation buttons (their `route`) call PUT|POST with {id} or {ids}.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({ method, url: `${base}/pause`, config: { permission: code('pause') }, handler: async (request) => {
      const ids = operationIds(request);
      await setStatus(request, ids, '-1');
      return ok({ count: ids.length }, '停止定时任务成功');
    } });
    app.route({ method, url: `${base}/resume`, config: { permission: code('resume') }, handler: async (request) => {
      const ids = operationIds(request);
      await setStatus(request, ids, '0');
      return ok({ count: ids.length }, '启动定时任务成功');
    } });
    app.route({ method, url: `${base}/execute`, config: { permission: code('execute') }, handler: async (request) => {
      const runs = await execute(request, operationIds(request));
      return ok({ count: runs.length, runs }, runs.length === 1 ? `执行成功：${runs[0].message}` : '执行成功');
    } });
  }
}

export const jobsDomain: DomainModule = {
  name: 'system/jobs',
  hooks: { sysQuartzJob: jobHooks },
  routes(app, ctx, prefix) {
    const scheduler = new JobScheduler(ctx.db, ctx.dbKind, app.log);
    byContext.set(ctx, { scheduler, log: app.log });
    byApp.set(app, scheduler);
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());

    const base = `${prefix}/sys/quartzJob`;
    registerJobOperations(app, ctx, base, scheduler);

    app.get<{ Querystring: { cron?: string; count?: string } }>(`${base}/cronPreview`, { config: { permission: 'system:quartzJob:list' } }, async (request) => {
      const count = Number(request.query.count ?? 5);
      try {
        return ok(previewCron(String(request.query.cron ?? ''), Number.isInteger(count) ? count : 5));
      } catch (error) {
        if (error instanceof CronError) throw new BusinessError(error.message);
        throw error;
      }
    });

    // The run history for callers holding only the jobs screen's list permission: the same list as the 执行记录
    // panel's /sys/quartzJobRun/list (the engine's), in the JeecgBoot query dialect.
    const runs = ctx.entities.find((e) => e.schema.name === 'sysQuartzJobRun');
    if (!runs) throw new Error('schemas/entities/system/sys-quartz-job-run.entity.json is missing');
    registerScopedList(app, ctx, runs, `${base}/runs`, 'system:quartzJob:list');
  },
};
