/**
 * Bulk 运单 (hy_shipping_note) with their 货源 (hy_order) for `npm run seed:bulk -- --entity hyShippingNote` and
 * bench:api, built from the demo freight seed's own pieces: its orders as templates (lanes, goods, sites, fees,
 * shippers, agent mode — server/seed/demo-freight.ts), its approved driver/vehicle pairs, its step timelines
 * (demo-freight-steps.ts) and its snapshot copying (`copyFrom`, `applyComputed`).
 *
 * Orders are spread uniformly over `spanDays` before the demo day (freight-domain §6 hour peaks), each dispatching
 * its trucks within hours. Every waybill gets a fate (3 % cancelled before loading, 1 % suspended in transit, the
 * rest run to 已完成) and a full timeline; its status is the last step that happened before "now", so old ones are
 * done and the last few days hold every in-flight status — the §6 mix of a history (≈ 90 % 已完成). History rows
 * (hy_shipping_note_log) are not written: seven per waybill would be 7M rows the list never reads.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../server/db/schema.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import { applyComputed } from '../../server/entity/computed.ts';
import { newId } from '../../server/core/ids.ts';
import { DEMO_REFERENCE_DATE } from '../../server/seed/demo-drivers.ts';
import { approvedPairs, copiedFields, generateFreight, type Pair, type Row } from '../../server/seed/demo-freight.ts';
import { CANCEL_REASONS, EXCEPTION_REASONS } from '../../server/seed/demo-freight-lanes.ts';
import { beijing, beijingDay, beijingMidnight, ceilHour, DAY, durations, floorHour, HOUR, random, timeline, type Random, type Target } from '../../server/seed/demo-freight-steps.ts';
import { columnTypes, secondaryIndexes, type BulkResult } from './bulk-drivers.ts';

type Db = Kysely<SystemTables>;

export interface BulkWaybillOptions {
  rows: number;
  tenantId: number;
  /** Waybills per INSERT statement (their orders go in just before them). */
  batch?: number;
  /** How far back orders go, in days (default 92, "a few months"). */
  spanDays?: number;
  /** The day that is "now" (YYYY-MM-DD, 09:30 Beijing), as the demo seed (default its reference day). */
  today?: string;
  seed?: number;
  log?: (line: string) => void;
}

const REBUILD_INDEXES_FROM = 20_000;
const TEMPLATE_ORDERS = 300;
/** Consignment peaks 06–10 h and 14–18 h (§6). */
const HOUR_WEIGHTS = [1, 1, 1, 1, 1, 2, 6, 8, 8, 7, 4, 3, 3, 4, 7, 8, 8, 6, 3, 2, 2, 1, 1, 1].map((w, h) => [h, w] as const);
const SYSTEM = ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'tenant_id'];

async function readAll(db: Db, entity: EntityRuntime, tenantId: number): Promise<Row[]> {
  const columns = sql.join([...entity.columns].map(([property, column]) => sql`${sql.id(column)} as ${sql.id(property)}`));
  return (await sql<Row>`select ${columns} from ${sql.id(entity.schema.table)} where tenant_id = ${tenantId}`.execute(db)).rows;
}

/** A table's insert statement shape: the system columns plus every field column, typed by the table itself. */
class TableWriter {
  private constructor(
    private readonly db: Db,
    readonly entity: EntityRuntime,
    private readonly columns: string[],
    private readonly types: Map<string, string>,
  ) {}

  static async open(db: Db, entity: EntityRuntime): Promise<TableWriter> {
    const types = await columnTypes(db, entity.schema.table);
    const columns = [...SYSTEM, ...Object.keys(entity.schema.fields).map((name) => entity.columns.get(name)!)];
    for (const column of columns) if (!types.has(column)) throw new Error(`${entity.schema.table}.${column} is missing: start the server once first`);
    return new TableWriter(db, entity, columns, types);
  }

  /** Property-named rows (system columns by their column names) to one `insert … select from json_to_recordset`. */
  async insert(rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    const records = rows.map((row) => {
      const record: Row = {};
      for (const [property, column] of this.entity.columns) record[column] = row[property] ?? null;
      for (const column of SYSTEM) if (row[column] !== undefined) record[column] = row[column];
      return record;
    });
    const list = sql.join(this.columns.map((c) => sql.id(c)));
    const recordType = sql.join(this.columns.map((c) => sql`${sql.id(c)} ${sql.raw(this.types.get(c)!)}`));
    await sql`insert into ${sql.id(this.entity.schema.table)} (${list})
      select ${list} from json_to_recordset(${JSON.stringify(records)}::json) as r(${recordType})`.execute(this.db);
  }
}

/** Where a waybill stands at `now` after `steps` from its dispatch: status, times and reasons reached so far. */
function standing(dispatch: number, now: number, steps: ReturnType<typeof timeline>['steps']) {
  const passed = steps.filter((s) => dispatch + s.at <= now);
  const at = (event: string) => {
    const step = passed.find((s) => s.event === event);
    return step ? beijing(dispatch + step.at) : undefined;
  };
  const last = passed.at(-1);
  return { passed, last, status: last ? last.to : '0', at };
}

interface Template {
  order: Row;
  copy: Row;
  km: number;
  truckLoad: number;
  pairs: number[];
}

/**
 * The template order for `trucks` trucks (the last order of a run may get fewer than its template): its totals are
 * one truck's amounts times the trucks, so each waybill's share (copyFrom perUnit) stays exactly one truckload's.
 */
function resizedOrder(template: Template, noteEntity: EntityRuntime, orderEntity: EntityRuntime, trucks: number): Row {
  if (trucks === Math.max(1, Number(template.order.truckCount ?? 1))) return template.order;
  const order: Row = { ...template.order, truckCount: trucks, totalWeight: Math.round(template.truckLoad * trucks * 1000) / 1000 };
  for (const [name, field] of Object.entries(noteEntity.schema.fields)) {
    const share = template.copy[name];
    if (field.copyFrom?.via !== 'orderId' || !field.copyFrom.perUnit || share === undefined || share === null) continue;
    order[field.copyFrom.field] = ((Math.round(Number(share) * 100) * trucks) / 100).toFixed(2);
  }
  applyComputed(orderEntity, order);
  return order;
}

export async function bulkLoadWaybills(db: Db, entities: readonly EntityRuntime[], options: BulkWaybillOptions): Promise<BulkResult & { orders: number; statuses: Record<string, number> }> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const byName = (name: string) => {
    const found = entities.find((e) => e.schema.name === name);
    if (!found) throw new Error(`entity ${name} is not defined under schemas/entities`);
    return found;
  };
  const [noteEntity, orderEntity, customerEntity, driverEntity, vehicleEntity] = ['hyShippingNote', 'hyOrder', 'hyCustomer', 'hyDriver', 'hyVehicle'].map(byName);
  const bindingEntity = entities.find((e) => e.schema.name === 'hyDriverVehicle');
  const { tenantId } = options;
  const today = options.today ?? DEMO_REFERENCE_DATE;
  const now = Date.parse(`${today}T09:30:00+08:00`);
  const spanMs = (options.spanDays ?? 92) * DAY;
  const batch = options.batch ?? 5_000;
  const rnd: Random = random(options.seed ?? 20261201);

  // The demo seed's sources: trading customers, approved pairs, and its orders as templates.
  const customers = (await readAll(db, customerEntity, tenantId)).sort((a, b) => String(a.creditCode).localeCompare(String(b.creditCode)));
  const pairs: Pair[] = approvedPairs(
    await readAll(db, driverEntity, tenantId),
    await readAll(db, vehicleEntity, tenantId),
    bindingEntity ? await readAll(db, bindingEntity, tenantId) : [],
    today,
  );
  if (customers.length === 0 || pairs.length === 0) throw new Error('the demo customers, drivers and vehicles are missing: start the server once on a fresh database first');
  const { orders: templateOrders } = generateFreight({ customers, pairs }, { order: orderEntity, note: noteEntity }, { orderCount: TEMPLATE_ORDERS, seed: options.seed ?? 20261201, today, id: () => '' });
  const pairCopies = pairs.map((p) => ({ ...copiedFields(noteEntity, 'driverId', p.driver), ...copiedFields(noteEntity, 'vehicleId', p.vehicle) }));
  const templates: Template[] = templateOrders.map((order) => {
    const truckLoad = Number(order.totalWeight ?? 0) / Math.max(1, Number(order.truckCount ?? 1));
    const fitting = pairs.map((p, i) => [p, i] as const).filter(([p]) => p.tonnage >= truckLoad * 0.9 && p.tonnage <= Math.max(truckLoad * 3, 6)).map(([, i]) => i);
    return { order, copy: copiedFields(noteEntity, 'orderId', order), km: Number(order.distanceKm ?? 300), truckLoad, pairs: fitting.length ? fitting : pairs.map((_, i) => i) };
  });

  const notes = await TableWriter.open(db, noteEntity);
  const orders = await TableWriter.open(db, orderEntity);
  const tables = [noteEntity.schema.table, orderEntity.schema.table];
  const dropped = options.rows >= REBUILD_INDEXES_FROM ? await Promise.all(tables.map((t) => secondaryIndexes(db, t))).then((l) => l.flat()) : [];
  if (dropped.length > 0) {
    // A killed load leaves the tables without these indexes; clearing the sync marker makes the next start rebuild them.
    await db.deleteFrom('sys_schema_sync').where('entity', 'in', [noteEntity.schema.name, orderEntity.schema.name]).execute();
    for (const index of dropped) await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    log(`dropped ${dropped.length} non-unique indexes of ${tables.join(', ')} for the load`);
  }

  // Numbers longer than the demo's (YD + yyMMdd + 8 digits), continuing after the rows already there.
  const existing = await sql<{ notes: number; orders: number }>`select
      (select count(*)::int from ${sql.id(noteEntity.schema.table)}) as notes, (select count(*)::int from ${sql.id(orderEntity.schema.table)}) as orders`.execute(db);
  let noteSeq = existing.rows[0].notes;
  let orderSeq = existing.rows[0].orders;
  const statuses: Record<string, number> = {};
  let pendingOrders: Row[] = [];
  let pendingNotes: Row[] = [];
  let inserted = 0;
  let orderCount = 0;
  let lastLog = performance.now();
  // One batch is written while the next is generated (on PostgreSQL the two run on different cores).
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const [batchOrders, batchNotes] = [pendingOrders, pendingNotes];
    pendingOrders = [];
    pendingNotes = [];
    await writing;
    writing = orders.insert(batchOrders).then(() => notes.insert(batchNotes));
    inserted += batchNotes.length;
    orderCount += batchOrders.length;
    if (performance.now() - lastLog > 5_000) {
      lastLog = performance.now();
      const rate = Math.round(inserted / ((performance.now() - started) / 1000));
      log(`  ${inserted.toLocaleString('en-US')} waybills, ${orderCount.toLocaleString('en-US')} orders (${rate.toLocaleString('en-US')} waybills/s)`);
    }
  };

  let generated = 0;
  while (generated < options.rows) {
    const template = rnd.pick(templates);
    const day = beijingMidnight(now - rnd.int(0, Math.floor(spanMs / DAY)) * DAY);
    const createdAt = day + rnd.weighted(HOUR_WEIGHTS, (e) => e[1])[0] * HOUR + rnd.hours(0, 1);
    if (createdAt >= now - HOUR) continue;
    const orderId = newId();
    const wantedTrucks = Math.min(Math.max(1, Number(template.order.truckCount ?? 1)), options.rows - generated);
    const orderNotes: Row[] = [];
    const dispatches: number[] = [];
    let dispatch = createdAt + rnd.hours(0.5, 3);
    for (let k = 0; k < wantedTrucks && dispatch < now - 0.1 * HOUR; k++, dispatch += rnd.hours(0.2, 2)) {
      const roll = rnd.next();
      const target: Target = roll < 0.03 ? { status: 8, from: rnd.int(0, 1) } : roll < 0.04 ? { status: 9, from: rnd.int(2, 3) } : { status: 7 };
      const extra = rnd.next();
      const line = timeline(rnd, target, durations(rnd, template.km), { cancel: rnd.pick(CANCEL_REASONS), exception: rnd.pick(EXCEPTION_REASONS) }, target.status === 7 ? { detour: extra < 0.05 ? rnd.pick(EXCEPTION_REASONS) : undefined, reaudit: extra > 0.94 } : {});
      const { passed, last, status, at } = standing(dispatch, now, line.steps);
      const reached = (event: string) => passed.some((s) => s.event === event);
      const pairIndex = template.pairs[rnd.int(0, template.pairs.length - 1)];
      const pair = pairs[pairIndex];
      const cap = pair.tonnage > 0 ? pair.tonnage : template.truckLoad;
      const load = Math.round(Math.min(template.truckLoad * rnd.real(0.96, 1.04), cap * rnd.real(0.95, 1)) * 100) / 100;
      const unload = template.order.priceUnit === '1' ? Math.round(load * (1 - rnd.real(0, 0.0025)) * 100) / 100 : load;
      const rule = String(template.order.settleWeightRule);
      const settle = rule === '2' ? unload : rule === '3' ? Math.min(load, unload) : rule === '4' ? Math.max(load, unload) : load;
      const suspended = status === '9' ? last : undefined;
      const note: Row = {
        ...template.copy,
        ...pairCopies[pairIndex],
        id: newId(),
        shippingNoteNumber: `YD${beijingDay(dispatch).slice(2)}${String(++noteSeq).padStart(8, '0')}`,
        orderId,
        driverId: pair.driver.id,
        vehicleId: pair.vehicle.id,
        loadingWeight: reached('LOAD') ? load : undefined,
        unloadingWeight: reached('UNLOAD') ? unload : undefined,
        settleWeight: reached('SIGN') ? settle : undefined,
        consignmentDateTime: at('ACCEPT'),
        despatchActualDateTime: at('LOAD'),
        goodsReceiptDateTime: at('UNLOAD'),
        finishDateTime: at('FINISH'),
        shippingStatus: status,
        suspendedFrom: suspended?.from,
        payStatus: reached('PAY') ? '2' : '0',
        cancelReason: reached('CANCEL') ? line.cancelReason : undefined,
        exceptionReason: passed.find((s) => s.event === 'EXCEPTION')?.remark,
        create_by: 'ops',
        create_time: beijing(dispatch),
        update_by: last ? 'ops' : undefined,
        update_time: last ? beijing(dispatch + last.at) : undefined,
        sys_org_code: 'A01A01',
        tenant_id: tenantId,
      };
      applyComputed(noteEntity, note);
      statuses[status] = (statuses[status] ?? 0) + 1;
      orderNotes.push(note);
      dispatches.push(dispatch);
    }
    if (orderNotes.length === 0) continue;
    generated += orderNotes.length;
    const states = orderNotes.map((n) => String(n.shippingStatus));
    const moving = states.some((s) => ['2', '3', '4', '5', '6', '9'].includes(s));
    const settled = states.every((s) => s === '7' || s === '8');
    const orderStatus = moving ? '4' : settled ? (states.includes('7') ? '5' : '6') : orderNotes.length < wantedTrucks ? '2' : '3';
    const loadStart = floorHour(Math.min(...dispatches) + HOUR);
    const loadEnd = ceilHour(Math.max(...dispatches) + 3 * HOUR) + rnd.int(2, 8) * HOUR;
    const drive = (template.km / 50 + Math.floor(template.km / 500) * 6 + 12) * HOUR;
    pendingOrders.push({
      ...resizedOrder(template, noteEntity, orderEntity, wantedTrucks),
      id: orderId,
      orderNo: `DD${beijingDay(createdAt)}${String(++orderSeq).padStart(8, '0')}`,
      truckCount: wantedTrucks,
      orderStatus,
      loadTimeStart: beijing(loadStart),
      loadTimeEnd: beijing(loadEnd),
      arriveTimeLatest: beijing(ceilHour(loadEnd + drive)),
      create_by: 'ops',
      create_time: beijing(createdAt),
      sys_org_code: 'A01A01',
      tenant_id: tenantId,
    });
    pendingNotes.push(...orderNotes);
    if (pendingNotes.length >= batch) await flush();
  }
  await flush();
  await writing;
  const insertMs = performance.now() - started;

  const indexStarted = performance.now();
  for (const index of dropped) await sql.raw(index.definition).execute(db);
  const indexMs = performance.now() - indexStarted;
  if (dropped.length > 0) log(`rebuilt ${dropped.length} indexes in ${(indexMs / 1000).toFixed(1)} s`);

  // Visibility map (index-only scans) and fresh planner statistics for both tables.
  const vacuumStarted = performance.now();
  for (const table of tables) await sql`vacuum (analyze) ${sql.id(table)}`.execute(db);
  const vacuumMs = performance.now() - vacuumStarted;
  return { inserted, orders: orderCount, statuses, insertMs, indexMs, vacuumMs, totalMs: performance.now() - started };
}
