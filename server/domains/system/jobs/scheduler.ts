/**
 * Runs sys_quartz_job rows on their cron (croner), records every run in sys_quartz_job_run, and keeps several
 * server processes from running one firing twice: on PostgreSQL each firing takes a transaction-scoped advisory
 * lock keyed by job id + scheduled slot, and skips a slot already recorded. PGlite is one process: it runs directly.
 * A handler's error is recorded as a failed run; nothing a job does can bring the process down.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Cron } from 'croner';
import type { SystemTables } from '../../../db/schema.ts';
import type { DatabaseKind } from '../../../db/database.ts';
import { newId } from '../../../core/ids.ts';
import { cronFor } from './cron.ts';
import { jobHandler } from './handlers.ts';

type Db = Kysely<SystemTables>;

export interface JobRow {
  id: string;
  jobClassName: string;
  cronExpression: string;
  parameter: string | null;
  status: string;
}

export interface RunRecord {
  id: string;
  jobId: string;
  outcome: 'success' | 'failure';
  message: string;
  durationMs: number;
}

export type FireResult =
  | { ran: true; run: RunRecord }
  | { ran: false; reason: 'locked' | 'recorded' | 'inactive' };

interface Logger {
  error(object: unknown, message: string): void;
}

/** Jobs changed by another instance are picked up within this period. */
const RESYNC_MS = 30_000;

export async function loadJob(db: Db, id: string): Promise<JobRow | undefined> {
  const found = await sql<JobRow>`select id, job_class_name as "jobClassName", cron_expression as "cronExpression",
    parameter, status from sys_quartz_job where id = ${id} and del_flag = 0`.execute(db);
  return found.rows[0];
}

/** Signed 64-bit advisory lock key of one firing, the same on every instance. */
export function slotKey(jobId: string, slot: Date): string {
  return crypto.createHash('sha256').update(`sys_quartz_job:${jobId}@${slot.toISOString()}`).digest().readBigInt64BE(0).toString();
}

export class JobScheduler {
  readonly instance = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private readonly timers = new Map<string, { cron: Cron; expression: string }>();
  private readonly inflight = new Set<Promise<unknown>>();
  private resync: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly kind: DatabaseKind,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.sync();
    this.resync = setInterval(() => this.track(this.sync()), RESYNC_MS);
    this.resync.unref();
  }

  /** Stops every timer and waits for runs under way, so the database can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.resync);
    for (const { cron } of this.timers.values()) cron.stop();
    this.timers.clear();
    await Promise.allSettled([...this.inflight]);
  }

  /** Makes the timers match the table: active jobs scheduled on their current expression, others not. */
  async sync(): Promise<void> {
    const rows = await sql<JobRow>`select id, job_class_name as "jobClassName", cron_expression as "cronExpression",
      parameter, status from sys_quartz_job where del_flag = 0`.execute(this.db);
    const active = new Map(rows.rows.filter((r) => r.status === '0').map((r) => [r.id, r]));
    for (const id of [...this.timers.keys()]) if (!active.has(id)) this.unschedule(id);
    for (const job of active.values()) {
      if (this.timers.get(job.id)?.expression !== job.cronExpression) this.schedule(job);
    }
  }

  /** (Re)schedules one job after a write; a paused or deleted job is unscheduled. */
  async refresh(id: string): Promise<void> {
    const job = await loadJob(this.db, id);
    if (job && job.status === '0') this.schedule(job);
    else this.unschedule(id);
  }

  unschedule(id: string): void {
    this.timers.get(id)?.cron.stop();
    this.timers.delete(id);
  }

  isScheduled(id: string): boolean {
    return this.timers.has(id);
  }

  private schedule(job: JobRow): void {
    this.unschedule(job.id);
    if (this.stopped) return;
    let cron: Cron;
    try {
      // unref: a timer alone never keeps the process alive; catch: the callback below already reports errors.
      cron = cronFor(job.cronExpression, { paused: false, unref: true, catch: true });
    } catch (error) {
      // Saved expressions are validated; one written straight into the table is logged, not run.
      this.log.error({ err: error, jobId: job.id }, 'scheduled job has an invalid cron expression');
      return;
    }
    cron.schedule(() => {
      // The slot is the pattern's latest time not after now: the same on every instance however late its timer.
      const slot = cron.previousRuns(1, new Date(Date.now() + 1))[0] ?? new Date(Math.floor(Date.now() / 1000) * 1000);
      this.track(this.fire(job.id, slot).catch((error: unknown) => this.log.error({ err: error, jobId: job.id }, 'job firing failed')));
    });
    this.timers.set(job.id, { cron, expression: job.cronExpression });
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    const settled = promise.finally(() => this.inflight.delete(settled));
    this.inflight.add(settled);
    settled.catch((error: unknown) => this.log.error({ err: error }, 'job scheduler task failed'));
    return settled;
  }

  /** One scheduled firing of a job at `slot`; on PostgreSQL only one instance runs it. */
  async fire(jobId: string, slot: Date): Promise<FireResult> {
    if (this.kind !== 'postgres') {
      const job = await loadJob(this.db, jobId);
      if (!job || job.status !== '0') return { ran: false, reason: 'inactive' };
      return { ran: true, run: await this.execute(this.db, job, 'cron', slot, null) };
    }
    return this.db.transaction().execute(async (trx) => {
      const lock = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${slotKey(jobId, slot)}::bigint) as got`.execute(trx);
      if (!lock.rows[0]?.got) return { ran: false, reason: 'locked' } as const;
      // The lock is held until this transaction commits, after the run row is written: a later instance sees it.
      const recorded = await sql`select 1 from sys_quartz_job_run where job_id = ${jobId} and fire_time = ${slot.toISOString()}::timestamptz`.execute(trx);
      if (recorded.rows.length > 0) return { ran: false, reason: 'recorded' } as const;
      const job = await loadJob(trx, jobId);
      if (!job || job.status !== '0') return { ran: false, reason: 'inactive' } as const;
      return { ran: true, run: await this.execute(trx, job, 'cron', slot, null) } as const;
    });
  }

  /** 执行一次: runs the job now, whatever its status, and records the run. */
  runNow(job: JobRow, username: string): Promise<RunRecord> {
    return this.track(this.execute(this.db, job, 'manual', null, username));
  }

  /** Runs the handler on the main handle (its own statements) and records the outcome through `recordOn`. */
  private async execute(recordOn: Db, job: JobRow, trigger: 'cron' | 'manual', slot: Date | null, username: string | null): Promise<RunRecord> {
    const started = new Date();
    let outcome: RunRecord['outcome'] = 'success';
    let message: string;
    try {
      const handler = jobHandler(job.jobClassName);
      if (!handler) throw new Error(`未知的任务处理器：${job.jobClassName}`);
      message = await handler.run({ db: this.db, parameter: job.parameter });
    } catch (error) {
      outcome = 'failure';
      message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, jobId: job.id }, 'scheduled job failed');
    }
    const finished = new Date();
    const run: RunRecord = { id: newId(), jobId: job.id, outcome, message: message.slice(0, 1000), durationMs: finished.getTime() - started.getTime() };
    await sql`insert into sys_quartz_job_run (id, job_id, job_class_name, trigger_type, fire_time, started_at, finished_at,
        duration_ms, outcome, message, instance, triggered_by, create_by, create_time)
      values (${run.id}, ${job.id}, ${job.jobClassName}, ${trigger}, ${slot ? slot.toISOString() : null}::timestamptz,
        ${started.toISOString()}::timestamptz, ${finished.toISOString()}::timestamptz, ${run.durationMs}, ${outcome},
        ${run.message}, ${this.instance}, ${username}, ${username ?? 'system'}, ${started.toISOString()}::timestamptz)`.execute(recordOn);
    return run;
  }
}
