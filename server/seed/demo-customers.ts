/**
 * Demo customers (hy_customer) for a fresh database: a dozen shippers of the coal, steel, building-material, grain,
 * consumer-goods and cold-chain trades in the cities of freight-domain.md §6, with unified social credit codes
 * (GB 32100) and resident IDs (GB 11643) carrying correct check characters, and a review queue (several 待审核).
 * The demo users `shipper` and `shipperadmin` are linked to the first customer, so customer-scoped screens show data.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { insertRow } from '../entity/repository.ts';
import { idCardCheckChar, usccCheckChar } from '../../src/contracts/validation/formats.ts';

/** One customer as written; keys are exactly hy-customer.entity.json's fields. */
export type CustomerSeed = Record<string, string | number | null>;

/** Demo users that act for the first customer. */
export const CUSTOMER_DEMO_USERS = ['shipper', 'shipperadmin'] as const;

/** GB 11714 organisation code: 8 digits and a check character (the 9th–17th characters of a USCC). */
export function organisationCode(body8: string): string {
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(body8[i]) * weights[i];
  const check = 11 - (sum % 11);
  return body8 + (check === 10 ? 'X' : check === 11 ? '0' : String(check));
}

/** A company's USCC: 9 (market regulator) 1 (enterprise), the registering area, the organisation code, check. */
export function companyUscc(areaCode: string, body8: string): string {
  const first17 = `91${areaCode}${organisationCode(body8)}`;
  return first17 + usccCheckChar(first17);
}

/** A resident ID born on `birth` (YYYYMMDD) in `areaCode`. */
export function residentId(areaCode: string, birth: string, sequence: string): string {
  const first17 = `${areaCode}${birth}${sequence}`;
  return first17 + idCardCheckChar(first17);
}

interface Spec {
  name: string;
  short: string;
  /** District code (GB/T 2260) where the customer is registered. */
  area: string;
  address: string;
  industry: string;
  business: string;
  legal: string;
  birth: string;
  contact: string;
  phone: string;
  /** settlement_type, and for 1/4 (月结/垫付) the bill day, credit days and limit. */
  settlement: [string, number?, number?, number?];
  rate: number;
  review: string;
  remark?: string;
  /** Individual shipper (customer_type 2): the credit code is the person's ID. */
  person?: boolean;
}

const SPECS: readonly Spec[] = [
  { name: '鄂尔多斯市鑫泰煤炭运销有限公司', short: '鑫泰煤炭', area: '150602', address: '内蒙古自治区鄂尔多斯市东胜区鄂托克西街9号', industry: '01', business: '1002996', legal: '高志刚', birth: '19750312', contact: '刘海军', phone: '13947701235', settlement: ['1', 5, 30, 5000000], rate: 0.065, review: '2' },
  { name: '榆林市神府能源贸易有限公司', short: '神府能源', area: '610802', address: '陕西省榆林市榆阳区长城北路56号', industry: '01', business: '1002996', legal: '张永强', birth: '19780821', contact: '王斌', phone: '13991225608', settlement: ['4', 10, 60, 8000000], rate: 0.068, review: '2' },
  { name: '唐山市丰南钢铁物资有限公司', short: '丰南钢铁', area: '130207', address: '河北省唐山市丰南区沿海工业区钢城路1号', industry: '02', business: '1002996', legal: '赵建军', birth: '19700105', contact: '孙鹏', phone: '13831567720', settlement: ['1', 1, 15, 3000000], rate: 0.06, review: '2' },
  { name: '天津港顺达国际物流有限公司', short: '顺达物流', area: '120116', address: '天津市滨海新区新港二号路35号', industry: '99', business: '1002998', legal: '李国强', birth: '19820716', contact: '陈晓东', phone: '13502048831', settlement: ['2'], rate: 0.055, review: '1' },
  { name: '日照市东港矿业贸易有限公司', short: '东港矿业', area: '371102', address: '山东省日照市东港区海滨二路88号', industry: '04', business: '1002996', legal: '郑春生', birth: '19790409', contact: '韩亮', phone: '15863350972', settlement: ['3'], rate: 0.065, review: '1' },
  { name: '临沂市兰山商贸物流有限公司', short: '兰山商贸', area: '371302', address: '山东省临沂市兰山区通达路216号', industry: '07', business: '1003997', legal: '徐明', birth: '19860227', contact: '朱涛', phone: '18653912460', settlement: ['3'], rate: 0.07, review: '1' },
  { name: '郑州市中原粮油贸易有限公司', short: '中原粮油', area: '410105', address: '河南省郑州市金水区农业路东段67号', industry: '06', business: '1003998', legal: '杨宝山', birth: '19730918', contact: '梁超', phone: '13703719845', settlement: ['1', 25, 30, 2000000], rate: 0.065, review: '1' },
  { name: '徐州市淮海建材有限公司', short: '淮海建材', area: '320311', address: '江苏省徐州市泉山区建材大道18号', industry: '03', business: '1002996', legal: '周长青', birth: '19810530', contact: '吴勇', phone: '15952261738', settlement: ['3'], rate: 0.062, review: '3', remark: '营业执照照片不清晰，请重新上传' },
  { name: '苏州恒信家电制造有限公司', short: '恒信家电', area: '320571', address: '江苏省苏州市工业园区星湖街328号', industry: '08', business: '1003997', legal: '林伟', birth: '19840614', contact: '何磊', phone: '18962153306', settlement: ['1', 10, 45, 1500000], rate: 0.058, review: '0' },
  { name: '广州市穗丰冷链食品有限公司', short: '穗丰冷链', area: '440106', address: '广东省广州市天河区黄埔大道西100号', industry: '09', business: '1003997', legal: '黄红军', birth: '19771103', contact: '罗辉', phone: '13926087714', settlement: ['2'], rate: 0.072, review: '2' },
  { name: '王建国', short: '王建国', area: '150203', address: '内蒙古自治区包头市昆都仑区钢铁大街42号', industry: '01', business: '1002996', legal: '王建国', birth: '19680822', contact: '王建国', phone: '13604729951', settlement: ['3'], rate: 0.065, review: '1', person: true },
  { name: '李春生', short: '李春生', area: '140213', address: '山西省大同市平城区魏都大道120号', industry: '01', business: '1002996', legal: '李春生', birth: '19720415', contact: '李春生', phone: '13835290417', settlement: ['3'], rate: 0.065, review: '2', person: true },
];

/** The demo customers, deterministic; the first one is the demo shipper users' customer. */
export function generateCustomers(): CustomerSeed[] {
  return SPECS.map((spec, i) => {
    const legalIdCard = residentId(spec.area, spec.birth, String(101 + i * 2).padStart(3, '0'));
    const creditCode = spec.person ? legalIdCard : companyUscc(spec.area, String(30_000_000 + 7_391 * (i + 1)).padStart(8, '0'));
    const [settlementType, billDay, creditDays, creditLimit] = spec.settlement;
    return {
      customerName: spec.name,
      shortName: spec.short,
      customerType: spec.person ? '2' : '1',
      creditCode,
      creditCodeValidTo: spec.person ? '2036-06-30' : '2099-12-31',
      legalPerson: spec.legal,
      legalIdCard,
      contactName: spec.contact,
      contactPhone: spec.phone,
      industry: spec.industry,
      businessTypeCode: spec.business,
      address: spec.address,
      areaCode: spec.area,
      settlementType,
      billDay: billDay ?? null,
      creditDays: creditDays ?? null,
      creditLimit: creditLimit ?? null,
      serviceRate: spec.rate,
      invoiceTitle: spec.name,
      // Individuals are invoiced under their ID number (no tax registration of their own).
      invoiceTaxNo: creditCode,
      invoiceAddrPhone: `${spec.address} ${spec.phone}`,
      invoiceBankAccount: spec.person ? null : `中国工商银行${spec.short}支行 62220${String(2_610_000_000 + i * 7_919).padStart(14, '0')}`,
      reviewStatus: spec.review,
      reviewRemark: spec.remark ?? null,
      status: '1',
    };
  });
}

/** Inserts the demo customers (fresh database only) and links the demo shipper users to the first one. */
export async function seedDemoCustomers(db: Kysely<SystemTables>, customers: EntityRuntime, tenantId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    let first: string | undefined;
    for (const customer of generateCustomers()) {
      const id = newId();
      first ??= id;
      const values: Record<string, unknown> = { id, createBy: 'system', sysOrgCode: 'A01A01', tenant_id: tenantId };
      for (const name of Object.keys(customers.schema.fields)) values[name] = customer[name] ?? null;
      await insertRow(tx, customers, values);
    }
    await sql`update sys_user set customer_id = ${first} where username in (${sql.join([...CUSTOMER_DEMO_USERS])})`.execute(tx);
  });
}
