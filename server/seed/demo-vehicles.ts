/**
 * Deterministic demo vehicles (hy_vehicle), carriers (hy_carrier) and driver↔vehicle bindings (hy_driver_vehicle)
 * after freight-domain.md §1.3/§1.5/§6: plates of the home city's province (yellow for heavy trucks, blue for
 * ≤4.5 t, green for new-energy), VINs with a valid ISO 3779 check digit, 12-digit transport certificates, a review
 * queue (pending, rejected with reasons, drafts) and documents expiring soon or already expired, so the expiry
 * warnings of the lists have something to show. The same (count, seed, today) always yields the same data.
 */
import { sql, type Kysely } from 'kysely';
import { usccCheckChar } from '../../src/contracts/validation/formats.ts';
import { newId } from '../core/ids.ts';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { insertRow } from '../entity/repository.ts';
import { DEMO_CITIES, DEMO_REFERENCE_DATE, mulberry32 } from './demo-drivers.ts';
import { DEMO_TENANT_ID } from './seed.ts';

export const DEFAULT_VEHICLE_SEED = 20261123;
/** Keys are exactly the entities' field names, so rows can be written field by field. */
export type VehicleSeed = Record<string, string | number>;
export type CarrierSeed = Record<string, string | number>;

/** Plate prefix (province abbreviation + issuing-office letter) per demo city. */
const PLATE_PREFIX: Record<string, string> = {
  鄂尔多斯: '蒙K', 榆林: '陕K', 大同: '晋B', 包头: '蒙B', 唐山: '冀B', 天津: '津C', 日照: '鲁L', 宁波: '浙B',
  石家庄: '冀A', 临沂: '鲁Q', 郑州: '豫A', 济南: '鲁A', 徐州: '苏C', 上海: '沪D', 苏州: '苏E', 武汉: '鄂A',
  长沙: '湘A', 广州: '粤A', 东莞: '粤S', 成都: '川A', 重庆: '渝A', 西安: '陕A', 沈阳: '辽A', 乌鲁木齐: '新A',
};

interface Model {
  weight: number;
  types: readonly string[];
  /** t: [min, max] payload, gross mass. */
  tonnage: readonly [number, number];
  gross: readonly [number, number];
  axles: readonly number[];
  lengths: readonly string[];
  bodies: readonly string[];
  energy: readonly string[];
  /** plate_color; 'nev' models draw a new-energy plate. */
  color: '1' | '2' | 'nev-small' | 'nev-large';
  trailer?: boolean;
}

/** Tractor + semi-trailer dominates bulk freight; city distribution uses ≤4.5 t blue-plate trucks. */
const MODELS: readonly Model[] = [
  { weight: 45, types: ['Q11'], tonnage: [30, 35], gross: [49, 49], axles: [6], lengths: ['13', '17.5'], bodies: ['2', '1', '5', '7'], energy: ['B', 'B', 'B', 'E'], color: '2', trailer: true },
  { weight: 28, types: ['H11', 'H12', 'H17', 'H19'], tonnage: [15, 18], gross: [25, 31], axles: [3, 4], lengths: ['9.6', '8.2', '6.8'], bodies: ['2', '3', '5', '4'], energy: ['B'], color: '2' },
  { weight: 17, types: ['H31', 'H32', 'H39'], tonnage: [1.5, 2], gross: [4.49, 4.49], axles: [2], lengths: ['4.2', '3.8'], bodies: ['3', '2', '6'], energy: ['B', 'A'], color: '1' },
  { weight: 6, types: ['H32'], tonnage: [1.5, 1.8], gross: [4.49, 4.49], axles: [2], lengths: ['4.2'], bodies: ['3', '6'], energy: ['C'], color: 'nev-small' },
  { weight: 4, types: ['Q11', 'H12'], tonnage: [18, 32], gross: [31, 49], axles: [4, 6], lengths: ['9.6', '13'], bodies: ['3', '2'], energy: ['C', 'O'], color: 'nev-large' },
];

const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const WMI = ['LZZ', 'LFW', 'LGA', 'LZG', 'LFN', 'LJ1'];
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_VALUES = '0123456789.ABCDEFGH..JKLMN.P.R..STUVWXYZ';

const VEHICLE_REJECTS = ['证件模糊：行驶证照片不清晰，请重新上传', '证件过期：车辆检验已过有效期，请上传最新行驶证', '信息不一致：车牌号与行驶证不一致'];
const CARRIER_NAMES = ['顺达', '恒通', '鑫源', '宏运', '远航', '聚力', '安泰', '华运', '金桥', '天诚'];
const CARRIER_KINDS = ['物流', '运输', '供应链'];
const BANKS = [
  ['ICBK', '工商银行'], ['PCBC', '建设银行'], ['ABOC', '农业银行'], ['BKCH', '中国银行'], ['COMM', '交通银行'], ['CMBC', '招商银行'],
] as const;

/** ISO 3779 / GB 16735 check character (position 9) of a 17-character VIN. */
export function vinCheckChar(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    const value = /\d/.test(c) ? Number(c) : VIN_VALUES.indexOf(c) % 10;
    sum += value * VIN_WEIGHTS[i];
  }
  const check = sum % 11;
  return check === 10 ? 'X' : String(check);
}

function random(seed: number) {
  // The driver seed's generator, so every demo seed draws the same way.
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const weighted = <T extends { weight: number }>(items: readonly T[]): T => {
    let r = next() * items.reduce((sum, item) => sum + item.weight, 0);
    for (const item of items) if ((r -= item.weight) < 0) return item;
    return items[items.length - 1];
  };
  const digits = (n: number) => Array.from({ length: n }, () => String(int(0, 9))).join('');
  return { next, int, pick, weighted, digits };
}

const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
const parse = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** A validity date: ~5 % expired, ~7 % within 30 days, the rest up to `years` ahead. */
function validity(rnd: ReturnType<typeof random>, today: number, years: number, force?: 'expired'): string {
  const roll = rnd.next();
  if (force === 'expired' || roll < 0.05) return iso(today - rnd.int(1, 200) * DAY);
  if (roll < 0.12) return iso(today + rnd.int(0, 30) * DAY);
  return iso(today + rnd.int(31, years * 365) * DAY);
}

/** `count` vehicles, plates unique within the result; every one passes hy-vehicle.entity.json's write schema. */
export function generateVehicles(count: number, seed = DEFAULT_VEHICLE_SEED, today = DEMO_REFERENCE_DATE): VehicleSeed[] {
  const rnd = random(seed);
  const now = parse(today);
  const plates = new Set<string>();
  const vehicles: VehicleSeed[] = [];
  for (let i = 0; i < count; i++) {
    const city = rnd.weighted(DEMO_CITIES);
    const prefix = PLATE_PREFIX[city.name];
    const model = rnd.weighted(MODELS);
    let plate: string;
    do {
      const body =
        model.color === 'nev-small'
          ? `${rnd.pick(['D', 'F'])}${rnd.pick([...PLATE_LETTERS, ...'0123456789'])}${rnd.digits(4)}`
          : model.color === 'nev-large'
            ? `${rnd.digits(5)}${rnd.pick(['D', 'F'])}`
            : rnd.next() < 0.3
              ? `${rnd.pick([...PLATE_LETTERS])}${rnd.digits(4)}`
              : rnd.digits(5);
      plate = prefix + body;
    } while (plates.has(plate));
    plates.add(plate);
    const color = model.color === 'nev-small' ? '94' : model.color === 'nev-large' ? '93' : model.color;
    const light = model.gross[1] <= 4.5;

    const year = 2016 + rnd.int(0, 9);
    const vinBody = `${rnd.pick(WMI)}${rnd.pick(['C', 'D', 'G', 'J'])}${rnd.digits(4)}0${'GHJKLMNPRS'[year - 2016]}${rnd.pick(['A', 'B', 'K'])}${rnd.digits(6)}`;
    const vin = vinBody.slice(0, 8) + vinCheckChar(vinBody) + vinBody.slice(9);
    const registered = Math.min(now - 30 * DAY, Date.UTC(year, rnd.int(0, 11), rnd.int(1, 28)));

    const reviewRoll = rnd.next();
    const reviewStatus = i === 0 || reviewRoll < 0.08 ? '1' : reviewRoll < 0.13 ? '3' : reviewRoll < 0.16 ? '0' : '2';
    const reject = reviewStatus === '3' ? rnd.int(0, VEHICLE_REJECTS.length - 1) : -1;
    const tonnage = Math.round((model.tonnage[0] + rnd.next() * (model.tonnage[1] - model.tonnage[0])) * 100) / 100;
    const gross = Math.round((model.gross[0] + rnd.next() * (model.gross[1] - model.gross[0])) * 100) / 100;

    vehicles.push({
      vehicleNumber: plate,
      vehiclePlateColorCode: color,
      vehicleType: rnd.pick(model.types),
      owner: `${city.name}${rnd.pick(CARRIER_NAMES)}${rnd.pick(CARRIER_KINDS)}有限公司`,
      useCharacter: '货运',
      vin,
      issuingOrganizations: `${city.name}市公安局交通警察${city.municipality ? '总队' : '支队'}`,
      registerDate: iso(registered),
      issueDate: iso(registered + rnd.int(0, 3) * DAY),
      // 证件过期 rejections really are expired.
      inspectionValidTo: validity(rnd, now, 1, reject === 1 ? 'expired' : undefined),
      vehicleEnergyType: rnd.pick(model.energy),
      vehicleTonnage: tonnage,
      grossMass: Math.max(gross, tonnage),
      // ≤4.5 t vehicles use "region code + 000000" (spec); others a 12-digit number of the home region.
      roadTransportCertificateNumber: `${city.code}${light ? '000000' : rnd.digits(6)}`,
      ...(light ? {} : { roadTransportValidTo: validity(rnd, now, 4) }),
      ...(model.trailer ? { trailerVehiclePlateNumber: `${prefix}${rnd.digits(4)}挂` } : {}),
      axleCount: rnd.pick(model.axles),
      vehicleLength: rnd.pick(model.lengths),
      bodyType: rnd.pick(model.bodies),
      reviewStatus,
      ...(reject >= 0 ? { reviewRemark: VEHICLE_REJECTS[reject] } : {}),
      status: rnd.next() < 0.04 ? '0' : '1',
    });
  }
  return vehicles;
}

/** `count` carriers with valid USCCs of their city, permits and contracts (one expired, one expiring). */
export function generateCarriers(count: number, seed = DEFAULT_VEHICLE_SEED, today = DEMO_REFERENCE_DATE): CarrierSeed[] {
  const rnd = random(seed + 1);
  const now = parse(today);
  const names = new Set<string>();
  const carriers: CarrierSeed[] = [];
  const reviews = ['2', '2', '1', '2', '3', '2', '0', '2'];
  for (let i = 0; i < count; i++) {
    const city = DEMO_CITIES[(i * 5) % DEMO_CITIES.length];
    let carrierName: string;
    do carrierName = `${city.name}${rnd.pick(CARRIER_NAMES)}${rnd.pick(CARRIER_KINDS)}有限公司`;
    while (names.has(carrierName));
    names.add(carrierName);
    const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const body = `91${city.code}${Array.from({ length: 9 }, () => rnd.pick([...alphabet])).join('')}`;
    const [bankCode, bankName] = rnd.pick(BANKS);
    const reviewStatus = reviews[i % reviews.length];
    carriers.push({
      carrierName,
      creditCode: body + usccCheckChar(body),
      permitNumber: `${city.code}${rnd.digits(6)}`,
      permitValidTo: i === 1 ? iso(now - 12 * DAY) : i === 3 ? iso(now + 9 * DAY) : iso(now + rnd.int(120, 4 * 365) * DAY),
      legalPerson: `${rnd.pick(['王', '李', '张', '刘', '陈'])}${rnd.pick(['建国', '海军', '志刚', '永强'])}`,
      contactName: `${rnd.pick(['赵', '孙', '周', '吴'])}${rnd.pick(['经理', '调度'])}`,
      contactPhone: `${rnd.pick(['138', '139', '186', '159'])}${rnd.digits(8)}`,
      bankName,
      bankAccount: `${rnd.int(1, 9)}${rnd.digits(16)}`,
      bankCode,
      dispatchRate: rnd.pick([0.02, 0.025, 0.03, 0.035, 0.04]),
      contractNo: `HT${today.slice(0, 4)}${String(i + 1).padStart(4, '0')}`,
      contractValidTo: i === 5 ? iso(now + 20 * DAY) : iso(now + rnd.int(60, 730) * DAY),
      reviewStatus,
      ...(reviewStatus === '3' ? { reviewRemark: '信息不一致：营业执照与道路运输经营许可证主体名称不一致' } : {}),
      status: '1',
    });
  }
  return carriers;
}

const ORG = 'A01A01';

async function insertAll(db: Kysely<SystemTables>, entity: EntityRuntime, rows: ReadonlyArray<Record<string, unknown>>): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const id = newId();
    const values: Record<string, unknown> = { id, createBy: 'system', sysOrgCode: ORG, tenant_id: DEMO_TENANT_ID };
    for (const [name, field] of Object.entries(entity.schema.fields)) {
      // Server-kept fields (车辆数) take their column default, as the add form's records do.
      if (field.readOnly && row[name] === undefined) continue;
      values[name] = row[name] ?? null;
    }
    await insertRow(db, entity, values);
    ids.push(id);
  }
  return ids;
}

/**
 * Writes the demo carriers and vehicles (two in three in a carrier's fleet), binds one vehicle to each demo driver (本人, default; every ninth driver a
 * second fleet vehicle, every thirteenth a 代驾 one).
 */
export async function seedDemoVehicles(db: Kysely<SystemTables>, entities: readonly EntityRuntime[], vehicleCount = 80, carrierCount = 8): Promise<void> {
  const byName = (name: string) => entities.find((e) => e.schema.name === name);
  const vehicles = byName('hyVehicle');
  const carriers = byName('hyCarrier');
  const bindings = byName('hyDriverVehicle');
  const drivers = byName('hyDriver');
  if (!vehicles || !carriers || !bindings || !drivers) return;
  await db.transaction().execute(async (tx) => {
    const carrierIds = await insertAll(tx, carriers, generateCarriers(carrierCount));
    // Two vehicles in three run for a carrier's fleet (车辆数 on the carrier list); the rest are owner-drivers'.
    const fleet = generateVehicles(vehicleCount).map((vehicle, i) => (i % 3 === 2 ? vehicle : { ...vehicle, carrierId: carrierIds[i % carrierIds.length] }));
    const vehicleIds = await insertAll(tx, vehicles, fleet);
    const driverRows = (
      await sql<{ id: string; qualification_certificate: string | null }>`select id, qualification_certificate
        from hy_driver where tenant_id = ${DEMO_TENANT_ID} order by id`.execute(tx)
    ).rows;
    const links: Array<Record<string, unknown>> = [];
    let next = 0;
    for (const [i, driver] of driverRows.entries()) {
      if (next >= vehicleIds.length) break;
      links.push({ driverId: driver.id, vehicleId: vehicleIds[next++], relation: '1', isDefault: true });
      if (i % 9 === 8 && next < vehicleIds.length) links.push({ driverId: driver.id, vehicleId: vehicleIds[next++], relation: '3', isDefault: false });
      if (i % 13 === 12 && i > 0) links.push({ driverId: driver.id, vehicleId: vehicleIds[i - 1], relation: '2', isDefault: false, remark: '临时代驾' });
    }
    await insertAll(tx, bindings, links);
  });
}
