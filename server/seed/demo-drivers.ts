/**
 * Deterministic demo drivers (hy_driver) following the recipe in freight-domain.md §6: common surnames and male given
 * names, resident ID numbers whose region code is the home city's prefecture code (GB 11643 check character, births
 * 1965–2000, sequence digit odd = male), unique mobile numbers, licences of 6- or 10-year validity (a few expiring
 * or expired), bank cards with a Luhn check digit, and a review queue of ~2 % pending / ~5 % rejected with reasons.
 *
 * The same (count, seed, today) always yields the same drivers, and a shorter run is a prefix of a longer one.
 */
import { idCardCheckChar } from '../../src/contracts/validation/formats.ts';

/**
 * One driver as written through the entity's add endpoint; keys are exactly hy-driver.entity.json's fields.
 * A type alias rather than an interface so it is assignable to Record<string, unknown>.
 */
export type DriverSeed = {
  driverName: string;
  idCard: string;
  telephone: string;
  /** driving_license_class */
  vehicleClass: string;
  /** driver_type: 1 个体司机, 2 车老板, 3 车队司机 */
  ownerType: string;
  licenseNo?: string;
  issuingOrganizations?: string;
  /** YYYY-MM-DD */
  validPeriodFrom?: string;
  /** YYYY-MM-DD */
  validPeriodTo?: string;
  qualificationCertificate?: string;
  qualificationValidTo?: string;
  bankName?: string;
  bankCardNo?: string;
  /** 授权收款人: a fleet driver paid through the fleet's owner (here the driver seeded just before). */
  payeeName?: string;
  payeeIdCard?: string;
  payeeBankCardNo?: string;
  payeeBankName?: string;
  creditScore?: number;
  /** review_status: 1 待审核, 2 审核通过, 3 审核驳回 */
  reviewStatus: string;
  remark?: string;
  reviewRemark?: string;
};

export interface DriverSeedOptions {
  /**
   * The day licence validity is measured against (YYYY-MM-DD): "expiring soon" means within 30 days of it. Fixed by
   * default so a seed always produces the same data; pass today's date for data that is fresh relative to now.
   */
  today?: string;
}

export const DEFAULT_DRIVER_SEED = 20261122;
export const DEMO_REFERENCE_DATE = '2026-11-22';

export interface DemoCity {
  name: string;
  /** Prefecture-level area code (GB/T 2260), the first six digits of a resident ID issued there. */
  code: string;
  /** Municipalities directly under the central government have a 总队 rather than a 支队. */
  municipality?: boolean;
  /** Relative share of drivers registered there: coal/ore origins and logistics hubs dominate. */
  weight: number;
}

/** The cities of freight-domain.md §6 with their area codes. */
export const DEMO_CITIES: readonly DemoCity[] = [
  { name: '鄂尔多斯', code: '150600', weight: 8 },
  { name: '榆林', code: '610800', weight: 7 },
  { name: '大同', code: '140200', weight: 5 },
  { name: '包头', code: '150200', weight: 5 },
  { name: '唐山', code: '130200', weight: 7 },
  { name: '天津', code: '120000', municipality: true, weight: 5 },
  { name: '日照', code: '371100', weight: 4 },
  { name: '宁波', code: '330200', weight: 3 },
  { name: '石家庄', code: '130100', weight: 5 },
  { name: '临沂', code: '371300', weight: 8 },
  { name: '郑州', code: '410100', weight: 5 },
  { name: '济南', code: '370100', weight: 4 },
  { name: '徐州', code: '320300', weight: 4 },
  { name: '上海', code: '310000', municipality: true, weight: 2 },
  { name: '苏州', code: '320500', weight: 2 },
  { name: '武汉', code: '420100', weight: 3 },
  { name: '长沙', code: '430100', weight: 2 },
  { name: '广州', code: '440100', weight: 2 },
  { name: '东莞', code: '441900', weight: 2 },
  { name: '成都', code: '510100', weight: 3 },
  { name: '重庆', code: '500000', municipality: true, weight: 3 },
  { name: '西安', code: '610100', weight: 3 },
  { name: '沈阳', code: '210100', weight: 2 },
  { name: '乌鲁木齐', code: '650100', weight: 1 },
];

const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱',
  '高', '林', '何', '郭', '马', '罗', '梁', '宋', '郑', '谢', '韩', '唐', '冯',
];
const GIVEN_NAMES = [
  '建国', '国强', '志刚', '海军', '永强', '建军', '红军', '伟', '磊', '军', '勇', '涛',
  '斌', '超', '明', '刚', '强', '鹏', '辉', '亮', '晓东', '春生', '宝山', '长青',
];

/** Mobile prefixes of the three carriers (13x/15x/18x/19x). */
const PHONE_PREFIXES = [
  '130', '131', '132', '133', '134', '135', '136', '137', '138', '139',
  '150', '151', '152', '153', '155', '156', '157', '158', '159',
  '180', '181', '182', '183', '184', '185', '186', '187', '188', '189',
  '191', '193', '195', '196', '198', '199',
];

/**
 * Banks by their bank_code text (freight-domain §3), weighted towards the big state banks where drivers bank.
 * `prefix` is an illustrative UnionPay-style (62…) card prefix, not a real BIN table.
 */
const BANKS: ReadonlyArray<{ name: string; weight: number; prefix: string; length: 16 | 19 }> = [
  { name: '农业银行', weight: 16, prefix: '622848', length: 19 },
  { name: '工商银行', weight: 15, prefix: '622202', length: 19 },
  { name: '建设银行', weight: 14, prefix: '621700', length: 19 },
  { name: '邮储银行', weight: 12, prefix: '621799', length: 19 },
  { name: '中国银行', weight: 10, prefix: '621661', length: 19 },
  { name: '交通银行', weight: 5, prefix: '622262', length: 19 },
  { name: '招商银行', weight: 5, prefix: '622588', length: 16 },
  { name: '平安银行', weight: 3, prefix: '622155', length: 19 },
  { name: '中信银行', weight: 3, prefix: '622690', length: 16 },
  { name: '民生银行', weight: 3, prefix: '622622', length: 16 },
  { name: '兴业银行', weight: 3, prefix: '622909', length: 19 },
  { name: '浦发银行', weight: 2, prefix: '622521', length: 16 },
  { name: '光大银行', weight: 2, prefix: '622660', length: 16 },
  { name: '广发银行', weight: 2, prefix: '622568', length: 16 },
  { name: '华夏银行', weight: 1, prefix: '622630', length: 16 },
  { name: '浙商银行', weight: 1, prefix: '621218', length: 19 },
  { name: '网商银行', weight: 1, prefix: '621690', length: 19 },
  { name: '微众银行', weight: 1, prefix: '621395', length: 19 },
];

/** Reasons of the review queue (freight-domain §6), with the note a reviewer would add. */
const REJECT_REASONS = [
  '证件模糊：驾驶证照片不清晰，请重新上传',
  '证件过期：驾驶证已超过有效期，请更新证件',
  '信息不一致：证件信息与填写的姓名或身份证号不一致',
  '人车不符：行驶证所有人与司机信息不一致，请补充挂靠或租赁证明',
];
const EXPIRED_REASON = 1;

const VEHICLE_CLASSES = [
  { value: 'A2', weight: 55 },
  { value: 'B2', weight: 35 },
  { value: 'C1', weight: 10 },
];
const OWNER_TYPES = [
  { value: '1', weight: 60 },
  { value: '2', weight: 15 },
  { value: '3', weight: 25 },
];

const BIRTH_FIRST = Date.UTC(1965, 0, 1);
const BIRTH_LAST = Date.UTC(2000, 11, 31);
const DAY = 86_400_000;

/**
 * `count` demo drivers. Deterministic for a given seed (and `options.today`); ID numbers and mobile numbers are unique
 * within the result, and every driver passes hy-driver.entity.json's write schema.
 */
export function generateDrivers(count: number, seed = DEFAULT_DRIVER_SEED, options: DriverSeedOptions = {}): DriverSeed[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const today = parseDate(options.today ?? DEMO_REFERENCE_DATE);
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const pickWeighted = <T extends { weight: number }>(items: readonly T[]): T => {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let r = random() * total;
    for (const item of items) {
      r -= item.weight;
      if (r < 0) return item;
    }
    return items[items.length - 1];
  };
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');

  const idCards = new Set<string>();
  const phones = new Set<string>();
  const cards = new Set<string>();
  const drivers: DriverSeed[] = [];

  for (let i = 0; i < count; i++) {
    const city = pickWeighted(DEMO_CITIES);
    const driverName = pick(SURNAMES) + pick(GIVEN_NAMES);

    // Resident ID: region + birth date + sequence (odd last digit: male) + check character.
    let idCard: string;
    let birth: Date;
    do {
      birth = new Date(BIRTH_FIRST + int(0, (BIRTH_LAST - BIRTH_FIRST) / DAY) * DAY);
      const sequence = `${digits(2)}${pick(['1', '3', '5', '7', '9'])}`;
      const body = `${city.code}${compactDate(birth)}${sequence}`;
      idCard = body + idCardCheckChar(body);
    } while (idCards.has(idCard));
    idCards.add(idCard);

    let telephone: string;
    do telephone = pick(PHONE_PREFIXES) + digits(8);
    while (phones.has(telephone));
    phones.add(telephone);

    const vehicleClass = pickWeighted(VEHICLE_CLASSES).value;
    const ownerType = pickWeighted(OWNER_TYPES).value;

    const reviewRoll = random();
    const reviewStatus = reviewRoll < 0.02 ? '1' : reviewRoll < 0.07 ? '3' : '2';
    const reasonIndex = reviewStatus === '3' ? int(0, REJECT_REASONS.length - 1) : -1;

    // Licence validity: mostly current, ~6 % expiring within 30 days, ~4 % expired (always so for 证件过期).
    const validityRoll = random();
    const state = reasonIndex === EXPIRED_REASON || validityRoll < 0.04 ? 'expired' : validityRoll < 0.1 ? 'expiring' : 'valid';
    let span = birth.getUTCFullYear() <= 1990 && random() < 0.6 ? 10 : 6;
    const to =
      state === 'expired'
        ? addDays(today, -int(1, 365))
        : state === 'expiring'
          ? addDays(today, int(0, 30))
          : addDays(today, int(31, span * 365 - 1));
    let validTo = to;
    let validFrom = addYears(to, -span);
    // A 10-year licence follows a first 6-year one taken at 18 or later; a first licence needs an adult.
    if (span === 10 && validFrom.getTime() < addYears(birth, 24).getTime()) {
      span = 6;
      validFrom = addYears(to, -span);
    }
    if (validFrom.getTime() < addYears(birth, 18).getTime()) {
      validFrom = addYears(birth, 18);
      validTo = addYears(validFrom, span);
    }

    // ~8 % have not registered a payee card yet.
    let bank: { name: string; cardNo: string } | undefined;
    if (random() >= 0.08) {
      const choice = pickWeighted(BANKS);
      let cardNo: string;
      do {
        const body = choice.prefix + digits(choice.length - choice.prefix.length - 1);
        cardNo = body + luhnCheckDigit(body);
      } while (cards.has(cardNo));
      cards.add(cardNo);
      bank = { name: choice.name, cardNo };
    }
    const creditScore = 100 - Math.floor(random() * random() * 41);

    const owner: DriverSeed | undefined = drivers[i - 1];
    // Keys in the entity's field order; absent optional values are left out rather than sent as ''.
    const driver: DriverSeed = {
      driverName,
      idCard,
      telephone,
      vehicleClass,
      ownerType,
      licenseNo: idCard,
      issuingOrganizations: `${city.name}市公安局交通警察${city.municipality ? '总队' : '支队'}`,
      validPeriodFrom: isoDate(validFrom),
      validPeriodTo: isoDate(validTo),
      // Road-transport qualification certificates are required above 4.5 t (A2/B2); numbered by ID number.
      // Valid six years from issue; spread without drawing from the generator, so the other values stay as they were.
      ...(vehicleClass !== 'C1' ? { qualificationCertificate: idCard, qualificationValidTo: isoDate(addDays(today, ((i * 137) % (6 * 365)) - 60)) } : {}),
      ...(bank ? { bankName: bank.name, bankCardNo: bank.cardNo } : {}),
      // Every fourth 车队司机 is paid through the fleet's owner; decided by index, so no other value changes.
      ...(ownerType === '3' && i % 4 === 0 && owner?.bankCardNo && owner.bankName
        ? { payeeName: owner.driverName, payeeIdCard: owner.idCard, payeeBankCardNo: owner.bankCardNo, payeeBankName: owner.bankName }
        : {}),
      creditScore,
      reviewStatus,
      // The reviewer's reason goes where the 驳回 operation writes it; some drivers carry a dispatcher's note.
      ...(reasonIndex >= 0 ? { reviewRemark: REJECT_REASONS[reasonIndex] } : {}),
      ...(i % 9 === 4 ? { remark: '长期合作司机，优先派单' } : {}),
    };
    drivers.push(driver);
  }
  return drivers;
}

/** The Luhn (mod 10) check digit for a string of digits. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Double every second digit counting from the right of the body (the check digit will sit to its right).
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** mulberry32: a small, fast 32-bit seeded PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function parseDate(value: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || isoDate(date) !== value) throw new RangeError(`today must be YYYY-MM-DD, got ${value}`);
  return date;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY);
}

/** Same month and day `years` later; 29 February becomes 28 February in a common year. */
function addYears(date: Date, years: number): Date {
  const year = date.getUTCFullYear() + years;
  const month = date.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function compactDate(date: Date): string {
  return isoDate(date).replace(/-/g, '');
}
