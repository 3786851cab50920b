/**
 * The lanes of the demo freight (freight-domain.md §6): who ships what from where to where, at which price, on
 * which class of truck, with named loading and unloading sites (district area codes, addresses). Shippers are named
 * by the customer seed's short names (demo-customers.ts); a lane whose shippers are absent falls back to any.
 */

/** City centres "lng,lat" (approx. WGS-84, §6). */
export const CITY_CENTRES: Record<string, readonly [number, number]> = {
  鄂尔多斯: [109.78, 39.61], 榆林: [109.74, 38.29], 大同: [113.3, 40.08], 包头: [109.84, 40.66], 唐山: [118.18, 39.63],
  天津: [117.2, 39.08], 日照: [119.53, 35.42], 临沂: [118.36, 35.1], 石家庄: [114.51, 38.04], 郑州: [113.63, 34.75],
  上海: [121.47, 31.23], 苏州: [120.59, 31.3], 武汉: [114.31, 30.59], 长沙: [112.94, 28.23], 广州: [113.26, 23.13],
  东莞: [113.75, 23.02], 成都: [104.07, 30.57], 西安: [108.94, 34.34],
};

export interface Site {
  city: string;
  name: string;
  address: string;
  /** District (county-level) code, GB/T 2260. */
  area: string;
}

export type PriceUnit = '1' | '2';

export interface Lane {
  /** Short names of the customers that ship on this lane. */
  shippers: readonly string[];
  goods: ReadonlyArray<readonly [name: string, cargoCode: string]>;
  /** business_type: 1002996 干线普货运输, 1003997 城市配送. */
  business: string;
  km: number;
  /** price_unit 1 元/吨 or 2 元/车; the customer's price range in that unit. */
  priceUnit: PriceUnit;
  price: readonly [number, number];
  /** One truckload in tonnes (the order's fees are those of one truckload). */
  load: number;
  /** Vehicle payload the lane needs, tonnes. */
  tonnage: readonly [number, number];
  trucks: readonly [number, number];
  /** settle_weight_rule */
  settle: string;
  /** Packages per truckload, for packed goods. */
  packages?: readonly [number, number];
  remarks: readonly string[];
  loading: readonly Site[];
  unloading: readonly Site[];
  /** Share of the orders. */
  weight: number;
}

const COAL_REMARKS = ['请携带篷布，装车后必须苫盖', '凭提煤单装货，过磅后拍照上传磅单', '限高4.2米，进矿需提前一天预约', ''];
const HEAVY: readonly [number, number] = [25, 99];
const TRUNK: readonly [number, number] = [8, 99];

export const LANES: readonly Lane[] = [
  {
    shippers: ['鑫泰煤炭'], goods: [['动力煤', '0100'], ['焦煤', '0100']], business: '1002996', km: 900, priceUnit: '1', price: [180, 260],
    load: 32, tonnage: HEAVY, trucks: [2, 6], settle: '3', remarks: COAL_REMARKS, weight: 9,
    loading: [
      { city: '鄂尔多斯', name: '伊金霍洛旗布尔台煤矿', address: '内蒙古自治区鄂尔多斯市伊金霍洛旗乌兰木伦镇布尔台村', area: '150627' },
      { city: '鄂尔多斯', name: '准格尔旗黑岱沟煤矿', address: '内蒙古自治区鄂尔多斯市准格尔旗薛家湾镇', area: '150622' },
      { city: '鄂尔多斯', name: '伊金霍洛旗察哈素煤矿', address: '内蒙古自治区鄂尔多斯市伊金霍洛旗札萨克镇', area: '150627' },
    ],
    unloading: [
      { city: '唐山', name: '唐山港曹妃甸港区3号堆场', address: '河北省唐山市曹妃甸区港区煤码头路', area: '130209' },
      { city: '唐山', name: '唐山港京唐港区7号堆场', address: '河北省唐山市乐亭县京唐港区港兴大街', area: '130225' },
    ],
  },
  {
    shippers: ['神府能源'], goods: [['兰炭', '0100'], ['动力煤', '0100']], business: '1002996', km: 750, priceUnit: '1', price: [150, 210],
    load: 32, tonnage: HEAVY, trucks: [2, 5], settle: '3', remarks: COAL_REMARKS, weight: 8,
    loading: [
      { city: '榆林', name: '神木大柳塔煤矿', address: '陕西省榆林市神木市大柳塔镇', area: '610881' },
      { city: '榆林', name: '府谷段寨兰炭厂', address: '陕西省榆林市府谷县府谷镇段寨村', area: '610822' },
      { city: '榆林', name: '榆阳小纪汗煤矿', address: '陕西省榆林市榆阳区小纪汗镇', area: '610802' },
    ],
    unloading: [
      { city: '郑州', name: '荥阳电厂储煤场', address: '河南省郑州市荥阳市京城路', area: '410182' },
      { city: '郑州', name: '中牟铁路物流园煤场', address: '河南省郑州市中牟县物流大道', area: '410122' },
    ],
  },
  {
    shippers: ['李春生'], goods: [['动力煤', '0100']], business: '1002996', km: 420, priceUnit: '1', price: [90, 130],
    load: 32, tonnage: HEAVY, trucks: [2, 4], settle: '3', remarks: COAL_REMARKS, weight: 5,
    loading: [
      { city: '大同', name: '左云县鹊儿山煤矿', address: '山西省大同市左云县鹊儿山', area: '140226' },
      { city: '大同', name: '云冈区塔山煤矿', address: '山西省大同市云冈区口泉乡', area: '140214' },
    ],
    unloading: [
      { city: '天津', name: '天津港南疆港区2号堆场', address: '天津市滨海新区南疆港区散货物流中心', area: '120116' },
      { city: '天津', name: '天津港北疆港区5号堆场', address: '天津市滨海新区北疆港区', area: '120116' },
    ],
  },
  {
    shippers: ['东港矿业'], goods: [['铁矿粉', '0300'], ['铁精粉', '0300']], business: '1002996', km: 130, priceUnit: '1', price: [35, 55],
    load: 33, tonnage: HEAVY, trucks: [2, 6], settle: '3', remarks: ['湿矿需苫盖，防止沿途洒漏', ''], weight: 6,
    loading: [
      { city: '日照', name: '日照港岚山港区6号堆场', address: '山东省日照市岚山区港区路', area: '371103' },
      { city: '日照', name: '日照港石臼港区2号堆场', address: '山东省日照市东港区黄海一路', area: '371102' },
    ],
    unloading: [
      { city: '临沂', name: '临沂罗庄钢厂原料场', address: '山东省临沂市罗庄区工业大道', area: '371311' },
      { city: '临沂', name: '临沂河东钢铁物流园', address: '山东省临沂市河东区经济开发区', area: '371312' },
    ],
  },
  {
    shippers: ['丰南钢铁'], goods: [['热轧卷板', '0400'], ['螺纹钢', '0400']], business: '1002996', km: 400, priceUnit: '1', price: [70, 100],
    load: 32, tonnage: HEAVY, trucks: [1, 4], settle: '1', remarks: ['钢卷需用钢丝绳加固，车厢铺草垫', '按装货磅单结算', ''], weight: 6,
    loading: [{ city: '唐山', name: '丰南钢厂成品库', address: '河北省唐山市丰南区沿海工业区钢城路1号', area: '130207' }],
    unloading: [
      { city: '石家庄', name: '藁城钢材物流园', address: '河北省石家庄市藁城区石家庄经济技术开发区', area: '130109' },
      { city: '石家庄', name: '鹿泉钢材市场', address: '河北省石家庄市鹿泉区上庄镇', area: '130110' },
    ],
  },
  {
    shippers: ['兰山商贸'], goods: [['日用百货', '1500'], ['塑料粒子', '1300'], ['纸浆', '1300']], business: '1002996', km: 700, priceUnit: '2', price: [4500, 6500],
    load: 16, tonnage: TRUNK, trucks: [1, 2], settle: '5', packages: [300, 800], remarks: ['厢式车，货物防雨防潮', '到仓后需预约卸货', ''], weight: 5,
    loading: [
      { city: '临沂', name: '临沂兰山商贸物流城', address: '山东省临沂市兰山区通达路216号', area: '371302' },
      { city: '临沂', name: '临沂小商品城配货站', address: '山东省临沂市兰山区西安路', area: '371302' },
    ],
    unloading: [
      { city: '上海', name: '上海嘉定物流园配送中心', address: '上海市嘉定区马陆镇嘉新公路', area: '310114' },
      { city: '上海', name: '上海外高桥配送中心', address: '上海市浦东新区外高桥保税区', area: '310115' },
    ],
  },
  {
    shippers: ['顺达物流'], goods: [['家电', '1200'], ['机械配件', '1200']], business: '1002996', km: 1900, priceUnit: '2', price: [7500, 11000],
    load: 15, tonnage: TRUNK, trucks: [1, 2], settle: '5', packages: [120, 400], remarks: ['17.5米厢式车，轻拿轻放', '双驾，全程不超过60小时', ''], weight: 4,
    loading: [
      { city: '苏州', name: '苏州工业园区家电成品仓', address: '江苏省苏州市工业园区星湖街328号', area: '320571' },
      { city: '苏州', name: '昆山机械配件仓', address: '江苏省苏州市昆山市开发区前进东路', area: '320583' },
    ],
    unloading: [
      { city: '成都', name: '成都青白江铁路港仓库', address: '四川省成都市青白江区香岛大道', area: '510113' },
      { city: '成都', name: '成都双流物流园', address: '四川省成都市双流区西航港街道', area: '510116' },
    ],
  },
  {
    shippers: ['穗丰冷链'], goods: [['冻品', '1602'], ['蔬菜水果', '1601'], ['日用百货', '1500']], business: '1003997', km: 60, priceUnit: '2', price: [200, 600],
    load: 1.6, tonnage: [0, 5], trucks: [1, 1], settle: '5', packages: [60, 160], remarks: ['冷藏车，全程-18℃', '早上7点前送达', ''], weight: 5,
    loading: [
      { city: '东莞', name: '东莞麻涌冷链仓', address: '广东省东莞市麻涌镇新沙港工业区', area: '441900' },
      { city: '东莞', name: '东莞虎门冻品仓', address: '广东省东莞市虎门镇港口大道', area: '441900' },
    ],
    unloading: [
      { city: '广州', name: '广州白云冻品市场', address: '广东省广州市白云区江高镇', area: '440111' },
      { city: '广州', name: '广州天河生鲜配送站', address: '广东省广州市天河区黄埔大道西100号', area: '440106' },
    ],
  },
  {
    shippers: ['穗丰冷链'], goods: [['冻品', '1602']], business: '1002996', km: 670, priceUnit: '2', price: [4000, 5500],
    load: 12, tonnage: TRUNK, trucks: [1, 2], settle: '5', packages: [500, 900], remarks: ['冷藏车，全程-18℃，上传温度记录'], weight: 3,
    loading: [{ city: '广州', name: '穗丰冷链黄埔冷库', address: '广东省广州市黄埔区港前路', area: '440112' }],
    unloading: [{ city: '长沙', name: '长沙红星冻品市场', address: '湖南省长沙市雨花区红星大市场', area: '430111' }],
  },
  {
    shippers: ['王建国'], goods: [['动力煤', '0100'], ['焦煤', '0100']], business: '1002996', km: 800, priceUnit: '1', price: [160, 220],
    load: 32, tonnage: HEAVY, trucks: [2, 4], settle: '3', remarks: COAL_REMARKS, weight: 4,
    loading: [{ city: '包头', name: '石拐区五当沟煤矿', address: '内蒙古自治区包头市石拐区五当召镇', area: '150205' }],
    unloading: [
      { city: '西安', name: '西安灞桥热电厂煤场', address: '陕西省西安市灞桥区纺织城', area: '610111' },
      { city: '西安', name: '西安高陵煤炭物流园', address: '陕西省西安市高陵区泾河工业园', area: '610117' },
    ],
  },
  {
    shippers: ['中原粮油'], goods: [['小麦', '1100'], ['玉米', '1100']], business: '1002996', km: 530, priceUnit: '1', price: [80, 120],
    load: 32, tonnage: HEAVY, trucks: [2, 4], settle: '2', remarks: ['粮食运输，车厢须清洁干燥', '按卸货重量结算', ''], weight: 5,
    loading: [
      { city: '郑州', name: '郑州中原粮库', address: '河南省郑州市管城回族区南三环', area: '410104' },
      { city: '郑州', name: '新郑粮食储备库', address: '河南省郑州市新郑市龙湖镇', area: '410184' },
    ],
    unloading: [
      { city: '武汉', name: '武汉东西湖面粉厂', address: '湖北省武汉市东西湖区走马岭', area: '420112' },
      { city: '武汉', name: '武汉阳逻港粮食码头', address: '湖北省武汉市新洲区阳逻街港城大道', area: '420117' },
    ],
  },
];

/** Agents (order mode 3), by the customer seed's short names: logistics and trading companies. */
export const AGENT_SHIPPERS = ['顺达物流', '兰山商贸'];

export const CANCEL_REASONS = ['司机临时有事无法装货', '车辆故障无法按时到达装货地', '货主取消发货计划', '装货地限产暂停装车', '司机未在约定时间到场'];
export const EXCEPTION_REASONS = [
  '轨迹偏离：车辆偏离规划路线超过50公里',
  '车辆故障：途中爆胎等待救援',
  '货损纠纷：收货方反映部分货物受潮',
  '重量差异：卸货重量低于装货重量超出允许范围',
  '运输超时：超过最晚到达时间未卸货',
];
export const CLOSE_REMARK = '货主取消本批运输计划，订单关闭';
