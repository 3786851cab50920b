/**
 * Scheduled jobs: /sys/quartzJob (contract §6.9), the cron preview, the run history, and the scheduler's life:
 * started when the app is ready, stopped (runs under way awaited) when it closes.
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { FieldError, Page, WireRecord } from '../../../src/contracts/envelope.ts';
import { normaliseRecord } from '../../../src/contracts/validation/entity-json-schema.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import { buildFilters, buildOrder, pageParams, type QueryParams } from '../../entity/query.ts';
import { presentRows } from '../../entity/repository.ts';
import { recordErrors } from '../../entity/validation.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import { CronError, previewCron } from './cron.ts';
import { jobHandler, jobHandlerKeys } from './handlers.ts';
import { JobScheduler, loadJob, type RunRecord } from './scheduler.ts';

const NOT_FOUND = '未找到对应数据';
const MAX_BATCH = 100;
const schedulers = new WeakMap<FastifyInstance, JobScheduler>();

/** The scheduler of a built app (tests fire slots on it directly). */
export function schedulerOf(app: FastifyInstance): JobScheduler | undefined {
  return schedulers.get(app);
}

function pageOf<T>(records: T[], total: number, pageNo: number, pageSize: number): Page<T> {
  return {
    records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize),
    orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null,
  };
}

function bodyOf(body: unknown): WireRecord {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as WireRecord;
}

function idsOf(raw: unknown): string[] {
  const ids = [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多处理${MAX_BATCH}条记录`);
  return ids;
}

/** Schema rules, then the two this area adds: a registered handler key and a Quartz expression that will fire. */
function jobErrors(ctx: AppContext, entity: EntityRuntime, record: Record<string, unknown>): FieldError[] {
  // The handler dictionary only feeds the form's select; the registry decides, with a message listing the keys.
  const errors = recordErrors(ctx, entity, record).filter((e) => !(e.field === 'jobClassName' && record.jobClassName !== undefined));
  const key = record.jobClassName;
  if (typeof key === 'string' && !jobHandler(key)) {
    errors.push({ field: 'jobClassName', message: `任务类名“${key}”不是可用的任务处理器，可选：${jobHandlerKeys().join('、')}` });
  }
  const cron = record.cronExpression;
  if (typeof cron === 'string' && !errors.some((e) => e.field === 'cronExpression')) {
    try {
      previewCron(cron, 1);
    } catch (error) {
      if (!(error instanceof CronError)) throw error;
      errors.push({ field: 'cronExpression', message: error.message });
    }
  }
  return errors;
}

function translateUniqueViolation(error: unknown, key: unknown): never {
  if ((error as { code?: string }).code === '23505') {
    throw new ValidationError([{ field: 'jobClassName', message: `任务类名“${String(key)}”已有定时任务，每个处理器只能有一个任务` }]);
  }
  throw error;
}

export function registerJobsRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = ctx.entities.find((e) => e.schema.name === 'sysQuartzJob');
  if (!entity) throw new Error('schemas/entities/system/sys-quartz-job.entity.json is missing');
  const scheduler = new JobScheduler(ctx.db, ctx.dbKind, app.log);
  schedulers.set(app, scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());

  const base = `${prefix}/sys/quartzJob`;
  const code = (action: string) => `${entity.schema.permissionPrefix}:${action}`;
  const selectList = sql.join([...entity.columns].map(([property, column]) => sql`${sql.id(column)} as ${sql.id(property)}`));
  const present = (rows: WireRecord[]) => presentRows(entity, ctx.dicts, rows, false);

  const findJob = async (id: string): Promise<WireRecord | undefined> => {
    const found = await sql<WireRecord>`select ${selectList} from sys_quartz_job where id = ${id} and del_flag = 0`.execute(ctx.db);
    return found.rows[0];
  };

  app.get(`${base}/list`, { config: { permission: code('list') } }, async (request) => {
    const params = request.query as QueryParams;
    const { pageNo, pageSize } = pageParams(params);
    const where = sql.join([sql`del_flag = 0`, ...buildFilters(entity, params)], sql` and `);
    const rows = await sql<WireRecord>`select ${selectList} from sys_quartz_job where ${where}
      order by ${buildOrder(entity, params)} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
    const total = await sql<{ total: number }>`select count(*)::int as total from sys_quartz_job where ${where}`.execute(ctx.db);
    return ok(pageOf(present(rows.rows), total.rows[0]?.total ?? 0, pageNo, pageSize));
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: code('list') } }, async (request) => {
    const row = await findJob(String(request.query.id ?? ''));
    if (!row) throw new BusinessError(NOT_FOUND);
    return ok(present([row])[0]);
  });

  app.post(`${base}/add`, { config: { permission: code('add') } }, async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const status = body.status === undefined || body.status === null || body.status === '' ? '0' : String(body.status);
    const record = normaliseRecord(entity.schema, { ...body, status });
    const errors = jobErrors(ctx, entity, record);
    if (errors.length > 0) throw new ValidationError(errors);
    const id = newId();
    await sql`insert into sys_quartz_job (id, create_by, sys_org_code, job_class_name, cron_expression, parameter, description, status)
      values (${id}, ${caller.username}, ${caller.orgCode ?? null}, ${record.jobClassName as string}, ${record.cronExpression as string},
        ${(record.parameter as string | undefined) ?? null}, ${(record.description as string | undefined) ?? null}, ${record.status as string})`
      .execute(ctx.db)
      .catch((error: unknown) => translateUniqueViolation(error, record.jobClassName));
    await scheduler.refresh(id);
    return ok({ id }, '创建定时任务成功');
  });

  const edit = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const id = typeof body.id === 'string' ? body.id : '';
    if (!id) throw new BusinessError('缺少要编辑的记录ID');
    const existing = await findJob(id);
    if (!existing) throw new BusinessError(NOT_FOUND);
    const merged: Record<string, unknown> = {};
    for (const name of Object.keys(entity.schema.fields)) merged[name] = name in body ? body[name] : existing[name];
    if (merged.status !== undefined && merged.status !== null) merged.status = String(merged.status);
    const record = normaliseRecord(entity.schema, merged);
    const errors = jobErrors(ctx, entity, record);
    if (errors.length > 0) throw new ValidationError(errors);
    await sql`update sys_quartz_job set job_class_name = ${record.jobClassName as string}, cron_expression = ${record.cronExpression as string},
        parameter = ${(record.parameter as string | undefined) ?? null}, description = ${(record.description as string | undefined) ?? null},
        status = ${record.status as string}, update_by = ${caller.username}, update_time = now()
      where id = ${id} and del_flag = 0`
      .execute(ctx.db)
      .catch((error: unknown) => translateUniqueViolation(error, record.jobClassName));
    await scheduler.refresh(id);
    return ok(null, '更新定时任务成功!');
  };
  app.put(`${base}/edit`, { config: { permission: code('edit') } }, edit);
  app.post(`${base}/edit`, { config: { permission: code('edit') } }, edit);

  const remove = async (ids: string[]) => {
    if (ids.length === 0) throw new BusinessError('请选择要删除的记录');
    // Runs go with their job (foreign key cascade).
    const deleted = await sql`delete from sys_quartz_job where id in (${sql.join(ids)})`.execute(ctx.db);
    for (const id of ids) scheduler.unschedule(id);
    if (Number(deleted.numAffectedRows ?? 0) === 0) throw new BusinessError(NOT_FOUND);
  };
  for (const method of ['DELETE', 'POST'] as const) {
    app.route<{ Querystring: { id?: string } }>({ method, url: `${base}/delete`, config: { permission: code('delete') }, handler: async (request) => {
      await remove(idsOf(request.query.id).slice(0, 1));
      return ok(null, '删除定时任务成功!');
    } });
    app.route<{ Querystring: { ids?: string } }>({ method, url: `${base}/deleteBatch`, config: { permission: code('delete') }, handler: async (request) => {
      await remove(idsOf(request.query.ids));
      return ok(null, '批量删除定时任务成功!');
    } });
  }

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
    const body = bodyOf(request.body ?? {});
    return idsOf(body.ids ?? body.id);
  };

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
  // The engine's operation buttons call PUT|POST <api>/<key> with {id} or {ids}.
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

  app.get<{ Querystring: { cron?: string; count?: string } }>(`${base}/cronPreview`, { config: { permission: code('list') } }, async (request) => {
    const count = Number(request.query.count ?? 5);
    try {
      return ok(previewCron(String(request.query.cron ?? ''), Number.isInteger(count) ? count : 5));
    } catch (error) {
      if (error instanceof CronError) throw new BusinessError(error.message);
      throw error;
    }
  });

  // Run history: the 执行记录 panel lists /sys/quartzJobRun/list?jobId=… (JeecgBoot query dialect); /runs is the same
  // list for callers holding only the jobs screen's list permission.
  const runEntity = ctx.entities.find((e) => e.schema.name === 'sysQuartzJobRun');
  if (!runEntity) throw new Error('schemas/entities/system/sys-quartz-job-run.entity.json is missing');
  const runColumns = sql.join([...runEntity.columns].map(([property, column]) => sql`${sql.id(column)} as ${sql.id(property)}`));
  const listRuns = async (request: FastifyRequest) => {
    const params = request.query as QueryParams;
    const { pageNo, pageSize } = pageParams(params);
    const where = sql.join([sql`true`, ...buildFilters(runEntity, params)], sql` and `);
    const rows = await sql<WireRecord>`select ${runColumns} from sys_quartz_job_run where ${where}
      order by ${buildOrder(runEntity, params)} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
    const total = await sql<{ total: number }>`select count(*)::int as total from sys_quartz_job_run where ${where}`.execute(ctx.db);
    return ok(pageOf(presentRows(runEntity, ctx.dicts, rows.rows, false), total.rows[0]?.total ?? 0, pageNo, pageSize));
  };
  app.get(`${prefix}${runEntity.schema.api}/list`, { config: { permission: `${runEntity.schema.permissionPrefix}:list` } }, listRuns);
  app.get(`${base}/runs`, { config: { permission: code('list') } }, listRuns);
}
