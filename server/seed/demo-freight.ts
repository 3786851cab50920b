/**
 * Demo orders (hy_order, 货源) and waybills (hy_shipping_note, 运单) with their history (hy_shipping_note_log) for a
 * fresh database, over the last three months on the lanes of freight-domain.md §6. Orders belong to the seeded
 * customers (approved or in re-review), a few in agent mode; waybills use only approved drivers and vehicles, are in
 * every status 0–9 (mostly 已完成), copy their snapshot fields exactly as the entity's `copyFrom` declares, carry
 * the times §2.1 sets per status, and have one history row per step taken. Deterministic for (seed, today), apart
 * from the row ids.
 *
 * The engine copies an order's fees onto each of its waybills unsplit, so an order's fees are those of one
 * truckload; its total weight is that of all its trucks.
 */
import { sql, type Kysely } from 'kysely';
import { formatCoordinates } from '../../field-types/coordinates/contract.ts';
import { newId } from '../core/ids.ts';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { applyComputed } from '../entity/computed.ts';
import { copiedValue } from '../../capabilities/references/contract.ts';
import { DEMO_REFERENCE_DATE } from './demo-drivers.ts';
import { AGENT_SHIPPERS, CITY_CENTRES, LANES, type Lane, type Site } from './demo-freight-lanes.ts';
import { planWaybills, type Pair, type Row } from './demo-freight-notes.ts';
import { beijing, beijingDay, beijingMidnight, ceilHour, DAY, floorHour, HOUR, money, random, withRate, type Random, type Target } from './demo-freight-steps.ts';
import { DEMO_TENANT_ID } from './seed.ts';

export type { Pair, Row } from './demo-freight-notes.ts';
export const DEFAULT_FREIGHT_SEED = 20261124;

/** What an order is doing now; decides its age, its waybills' states and its order_status. */
type Stage = 'draft' | 'published' | 'partial' | 'full' | 'transit' | 'done' | 'closed';
const ORDER_STATUS: Record<Stage, string> = { draft: '0', published: '1', partial: '2', full: '3', transit: '4', done: '5', closed: '6' };
/** Per 60 orders; the rest are done. */
const STAGE_SHARE: ReadonlyArray<readonly [Stage, number]> = [['draft', 3], ['published', 4], ['partial', 5], ['full', 4], ['transit', 8], ['closed', 3]];

export interface FreightSources {
  /** hyCustomer rows (property names, with id). */
  customers: readonly Row[];
  pairs: readonly Pair[];
}

export interface FreightEntities {
  order: EntityRuntime;
  note: EntityRuntime;
}

export interface FreightOptions {
  orderCount?: number;
  seed?: number;
  /** The day the data is "now" for (YYYY-MM-DD); the waybills' latest steps happen before 09:30 Beijing time on it. */
  today?: string;
  id?: () => string;
}

export interface FreightData {
  orders: Row[];
  notes: Row[];
  logs: Row[];
}

const PHONE_PREFIXES = ['135', '138', '139', '150', '158', '186', '187', '189', '199'];
const CONTACT_SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '高'];
const CONTACT_NAMES = ['经理', '主任', '调度', '建华', '丽娟', '海燕', '志强', '国庆', '秀英', '晓明'];

/** Fields with `copyFrom` via `via`, taken from `source` as the engine does on add (empty values left out). */
export function copiedFields(entity: EntityRuntime, via: string, source: Row): Row {
  const out: Row = {};
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    if (field.copyFrom?.via !== via) continue;
    const value = copiedValue(field.copyFrom, source);
    if (value !== null && value !== undefined && value !== '') out[name] = value;
  }
  return out;
}

function place(rnd: Random, site: Site, prefix: 'loading' | 'unloading'): Row {
  const [lng, lat] = CITY_CENTRES[site.city];
  const jitter = () => Math.round(rnd.real(-0.05, 0.05) * 1e6) / 1e6;
  return {
    [`${prefix}Name`]: site.name,
    [`${prefix}Contact`]: `${rnd.pick(CONTACT_SURNAMES)}${rnd.pick(CONTACT_NAMES)}`,
    [`${prefix}Phone`]: `${rnd.pick(PHONE_PREFIXES)}${String(rnd.int(0, 99_999_999)).padStart(8, '0')}`,
    [`${prefix}Address`]: site.address,
    [`${prefix}AreaCode`]: site.area,
    [`${prefix}Location`]: formatCoordinates(Math.round((lng + jitter()) * 1e6) / 1e6, Math.round((lat + jitter()) * 1e6) / 1e6),
  };
}

/**
 * The order's fees for all its trucks: per truckload, customerFee = driverFee × (1 + serviceRate), half up to the
 * cent, and agents add their commission; each total is that times `trucks`, so a waybill's share (copyFrom perUnit)
 * is exactly one truckload's.
 */
function fees(rnd: Random, lane: Lane, rate: number, agent: boolean, trucks: number): Row {
  const onePlus = 1 + rate;
  let driverUnit: number;
  let driverFee: number;
  if (lane.priceUnit === '1') {
    driverUnit = Math.round(rnd.real(lane.price[0], lane.price[1]) / onePlus) * 100;
    driverFee = driverUnit * lane.load;
  } else {
    driverUnit = driverFee = Math.round(rnd.real(lane.price[0], lane.price[1]) / onePlus / 10) * 1000;
  }
  const customerFee = withRate(driverFee, rate);
  const commission = lane.priceUnit === '1' ? rnd.int(5, 30) * 100 * lane.load : rnd.int(5, 30) * 1000;
  return {
    priceUnit: lane.priceUnit,
    driverUnitPrice: money(driverUnit),
    driverFee: money(driverFee * trucks),
    customerUnitPrice: money(lane.priceUnit === '1' ? withRate(driverUnit, rate) : customerFee),
    customerFee: money(customerFee * trucks),
    ...(agent ? { agentFee: money((customerFee + commission) * trucks) } : {}),
  };
}

/** Final states of an order's waybills by its stage (the mix is fixed up across all orders later). */
function targets(rnd: Random, stage: Stage, trucks: number): Target[] {
  const ofSet = (set: readonly number[], weights: readonly number[]) => () => rnd.weighted(set.map((s, i) => [s, weights[i]] as const), (e) => e[1])[0];
  switch (stage) {
    case 'partial':
      return Array.from({ length: rnd.int(1, trucks - 1) }, () => ({ status: ofSet([0, 1, 2], [2, 2, 3])() }));
    case 'full':
      return Array.from({ length: trucks }, () => ({ status: ofSet([0, 1], [1, 1])() }));
    case 'transit':
      return Array.from({ length: trucks }, () => {
        const status = ofSet([2, 3, 4, 5, 6, 7, 9], [3, 3, 3, 3, 3, 2, 1])();
        return status === 9 ? { status, from: rnd.int(2, 3) } : { status };
      });
    case 'done': {
      const done: Target[] = Array.from({ length: trucks }, () => ({ status: 7 }));
      // Now and then a truck dropped out before loading and another took its place.
      if (rnd.next() < 0.15) done.splice(rnd.int(0, done.length), 0, { status: 8, from: rnd.int(0, 1) });
      return done;
    }
    case 'closed':
      return Array.from({ length: rnd.int(0, 2) }, () => ({ status: 8, from: rnd.int(0, 1) }));
    default:
      return [];
  }
}

/** Makes sure every status 0–9 occurs: missing in-flight states replace a duplicate of their stage group. */
function coverStatuses(rnd: Random, plans: ReadonlyArray<{ stage: Stage; targets: Target[] }>): void {
  const groups: ReadonlyArray<readonly [readonly Stage[], readonly number[]]> = [
    [['partial', 'full'], [0, 1]],
    [['transit'], [2, 3, 4, 5, 6, 9]],
    [['closed', 'done'], [8]],
  ];
  for (const [stages, wanted] of groups) {
    const slots = plans.filter((p) => stages.includes(p.stage)).flatMap((p) => p.targets);
    for (const status of wanted) {
      if (slots.some((t) => t.status === status)) continue;
      const spare = slots.filter((t) => slots.filter((o) => o.status === t.status).length > 1);
      const slot = spare.length ? rnd.pick(spare) : undefined;
      if (!slot) continue;
      slot.status = status;
      slot.from = status === 9 ? 2 : status === 8 ? 0 : undefined;
    }
  }
  // An order in transit has at least one truck still moving.
  for (const plan of plans) {
    if (plan.stage === 'transit' && plan.targets.every((t) => t.status === 7)) plan.targets[0].status = 6;
  }
}

/** Next number of a day: DD/YD + date + 4 digits, starting each day at a random point of the platform's sequence. */
function numberer(rnd: Random, prefix: string, dateDigits: (ms: number) => string) {
  const next = new Map<string, number>();
  return (ms: number) => {
    const day = dateDigits(ms);
    const seq = next.get(day) ?? rnd.int(1001, 3000);
    next.set(day, seq + rnd.int(1, 7));
    return `${prefix}${day}${String(seq).padStart(4, '0')}`;
  };
}

/** The demo orders, waybills and history rows for the given customers and driver/vehicle pairs. */
export function generateFreight(sources: FreightSources, entities: FreightEntities, options: FreightOptions = {}): FreightData {
  const { orderCount = 60, seed = DEFAULT_FREIGHT_SEED, today = DEMO_REFERENCE_DATE, id = newId } = options;
  const rnd = random(seed);
  const now = Date.parse(`${today}T09:30:00+08:00`);
  const trading = sources.customers.filter((c) => c.reviewStatus === '2' || c.reviewStatus === '1');
  const customers = trading.length ? trading : sources.customers;
  const byShort = (names: readonly string[]) => customers.filter((c) => names.includes(String(c.shortName)));

  // Stages and lanes, every lane at least once, then shuffled together.
  const stages: Stage[] = STAGE_SHARE.flatMap(([stage, n]) => Array<Stage>(Math.max(1, Math.round((n * orderCount) / 60))).fill(stage));
  while (stages.length < orderCount) stages.push('done');
  stages.length = orderCount;
  const lanes = Array.from({ length: orderCount }, (_, i) => (i < LANES.length ? LANES[i] : rnd.weighted(LANES, (l) => l.weight)));
  rnd.shuffle(lanes);
  rnd.shuffle(stages);

  const plans = stages.map((stage, i) => {
    const lane = lanes[i];
    const shipper = rnd.pick(byShort(lane.shippers).length ? byShort(lane.shippers) : customers);
    const agents = byShort(AGENT_SHIPPERS).filter((c) => c.id !== shipper.id);
    const agent = agents.length && (rnd.next() < 0.1 || (i % 9 === 4 && lane === LANES[0])) ? rnd.pick(agents) : undefined;
    const minTrucks = stage === 'partial' ? 2 : 1;
    const trucks = Math.max(minTrucks, rnd.int(lane.trucks[0], lane.trucks[1]));
    return { stage, lane, shipper, agent, trucks, targets: targets(rnd, stage, trucks) };
  });
  coverStatuses(rnd, plans);

  const orders: Row[] = [];
  const createdAts: number[] = [];
  const waybills = planWaybills(rnd, sources.pairs, now);
  for (const plan of plans) {
    const { stage, lane, shipper, agent, trucks } = plan;
    const [goodsName, cargo] = rnd.pick(lane.goods);
    const orderId = id();
    const rate = Number(shipper.serviceRate ?? 0.065);
    const order: Row = {
      id: orderId,
      customerId: shipper.id,
      orderMode: agent ? '3' : '1',
      ...(agent ? { agentId: agent.id } : {}),
      businessTypeCode: lane.business,
      goodsName,
      cargoTypeClassificationCode: cargo,
      totalWeight: Math.round(lane.load * trucks * 1000) / 1000,
      ...(lane.packages ? { totalPackages: rnd.int(lane.packages[0], lane.packages[1]) * trucks } : {}),
      ...place(rnd, rnd.pick(lane.loading), 'loading'),
      ...place(rnd, rnd.pick(lane.unloading), 'unloading'),
      distanceKm: Math.round(lane.km * rnd.real(0.97, 1.03) * 10) / 10,
      ...fees(rnd, lane, rate, Boolean(agent), trucks),
      settleWeightRule: lane.settle,
      truckCount: trucks,
      orderStatus: ORDER_STATUS[stage],
      remark: rnd.pick(lane.remarks) || null,
      createBy: 'ops',
      sysOrgCode: 'A01A01',
      tenant_id: DEMO_TENANT_ID,
    };
    Object.assign(order, copiedFields(entities.order, 'customerId', shipper));
    applyComputed(entities.order, order);

    // Done and closed orders start in the past and run forward; moving ones are anchored backwards from now.
    const forward = stage === 'done' || stage === 'closed';
    const created = forward ? beijingMidnight(now - rnd.int(stage === 'done' ? 18 : 5, 92) * DAY) + rnd.pick([6, 7, 8, 9, 14, 15, 16, 17]) * HOUR + rnd.hours(0, 1) : 0;
    const made = plan.targets.map((target, k) =>
      waybills.add({ order, lane, target, dispatch: forward ? created + rnd.hours(0.5, 3) + k * rnd.hours(3, 14) : undefined }),
    );
    const dispatches = made.map((m) => m.dispatch);
    const createdAt = forward ? created : dispatches.length ? Math.min(...dispatches) - rnd.hours(1, 12) : now - rnd.hours(1, stage === 'draft' ? 48 : 20);
    const plannedLoads = made.map((m) => m.plannedLoad);
    // Without waybills: a draft loads in 1–5 days, a published order in 1–2, a closed one was to load the next day.
    const firstDay = stage === 'closed' ? beijingMidnight(createdAt) + DAY : beijingMidnight(now) + rnd.int(1, stage === 'draft' ? 5 : 2) * DAY;
    const loadStart = plannedLoads.length ? floorHour(Math.min(...plannedLoads)) : firstDay + rnd.int(6, 10) * HOUR;
    const loadEnd = Math.max(ceilHour(plannedLoads.length ? Math.max(...plannedLoads) : loadStart), loadStart) + rnd.int(2, 8) * HOUR;
    const drive = (lane.km / 50 + Math.floor(lane.km / 500) * 6 + 12) * HOUR;
    Object.assign(order, {
      createTime: beijing(createdAt),
      loadTimeStart: beijing(loadStart),
      loadTimeEnd: beijing(loadEnd),
      arriveTimeLatest: beijing(ceilHour(loadEnd + drive)),
    });
    orders.push(order);
    createdAts.push(createdAt);
  }

  // Numbers in time order, unique per day.
  const orderNo = numberer(rnd, 'DD', beijingDay);
  for (const i of orders.map((_, i) => i).sort((a, b) => createdAts[a] - createdAts[b])) orders[i].orderNo = orderNo(createdAts[i]);
  const { notes, logs } = waybills.finish(entities.note, id, numberer(rnd, 'YD', (ms) => beijingDay(ms).slice(2)));
  return { orders, notes, logs };
}

/** Every row of an entity in the demo tenant, with property names. */
export async function readAll(db: Kysely<SystemTables>, entity: EntityRuntime): Promise<Row[]> {
  const columns = sql.join([...entity.columns].map(([property, column]) => sql`${sql.id(column)} as ${sql.id(property)}`));
  const result = await sql<Row>`select ${columns} from ${sql.id(entity.schema.table)} where tenant_id = ${DEMO_TENANT_ID}`.execute(db);
  return result.rows;
}

/**
 * Rows into an entity's table in one statement per batch, columns named through the entity's allow-list (as
 * insertRow): the rows travel as one JSON parameter typed by the table's own row type, which PGlite parses far
 * faster than thousands of bound parameters. A column no row sets keeps its default; one a row lacks is null.
 */
export async function insertBatch(db: Kysely<SystemTables>, entity: EntityRuntime, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row).filter((k) => row[k] !== undefined)))];
  const columns = keys.map((key) => entity.columns.get(key) ?? key);
  const json = rows.map((row) => Object.fromEntries(keys.map((key, i) => [columns[i], row[key] ?? null])));
  const list = sql.join(columns.map((column) => sql.id(column)));
  const table = sql.id(entity.schema.table);
  await sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(json)}::jsonb)`.execute(db);
}

/** Approved drivers with their bound approved vehicles whose papers are valid on `day` (every pair when no bindings exist). */
export function approvedPairs(drivers: readonly Row[], vehicles: readonly Row[], bindings: readonly Row[], day = DEMO_REFERENCE_DATE): Pair[] {
  const valid = (date: unknown) => date === null || date === undefined || String(date) >= day;
  const okDrivers = drivers.filter((d) => d.reviewStatus === '2' && valid(d.validPeriodTo));
  const okVehicles = vehicles.filter((v) => v.reviewStatus === '2' && v.status !== '0' && valid(v.inspectionValidTo) && valid(v.roadTransportValidTo));
  const driverById = new Map(okDrivers.map((d) => [d.id, d]));
  const vehicleById = new Map(okVehicles.map((v) => [v.id, v]));
  const linked = bindings.length
    ? bindings.map((b) => [driverById.get(b.driverId), vehicleById.get(b.vehicleId)] as const)
    : okDrivers.map((d, i) => [d, okVehicles[i]] as const);
  const pairs = linked.filter((p): p is readonly [Row, Row] => Boolean(p[0] && p[1]));
  // A stable order whatever the ids: by driver ID number, then plate.
  pairs.sort((a, b) => `${a[0].idCard}${a[1].vehicleNumber}`.localeCompare(`${b[0].idCard}${b[1].vehicleNumber}`));
  return pairs.map(([driver, vehicle]) => ({
    driver,
    vehicle,
    tonnage: Number(vehicle.vehicleTonnage ?? 0),
    // Passes 接单's check today: every paper present and valid.
    ready: [driver.validPeriodTo, vehicle.inspectionValidTo, vehicle.roadTransportValidTo].every((d) => d !== null && d !== undefined && String(d) >= day),
  }));
}

/** Writes the demo freight in one transaction; does nothing without customers or approved driver/vehicle pairs. */
export async function seedDemoFreight(db: Kysely<SystemTables>, entities: readonly EntityRuntime[], options: FreightOptions = {}): Promise<void> {
  const byName = (name: string) => entities.find((e) => e.schema.name === name);
  const [order, note, log, customer, driver, vehicle, binding] = ['hyOrder', 'hyShippingNote', 'hyShippingNoteLog', 'hyCustomer', 'hyDriver', 'hyVehicle', 'hyDriverVehicle'].map(byName);
  if (!order || !note || !log || !customer || !driver || !vehicle) return;
  await db.transaction().execute(async (tx) => {
    const customers = (await readAll(tx, customer)).sort((a, b) => String(a.creditCode).localeCompare(String(b.creditCode)));
    const pairs = approvedPairs(await readAll(tx, driver), await readAll(tx, vehicle), binding ? await readAll(tx, binding) : [], options.today);
    if (customers.length === 0 || pairs.length === 0) return;
    const data = generateFreight({ customers, pairs }, { order, note }, options);
    await insertBatch(tx, order, data.orders);
    await insertBatch(tx, note, data.notes);
    await insertBatch(tx, log, data.logs);
  });
}
