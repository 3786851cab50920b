/**
 * The header bell's 待办 categories (issue 3, issue 22 item 5): each one is a list link with a `state` preset
 * (schema `list.states`), and the server's count (`GET /hydriver/hyDriver/getDsXx`, server/domains/freight/settlement/todo-counts.ts)
 * is the size of exactly that list for the caller — the same entity, the same preset filters, the same data scope —
 * so a count and the list it opens cannot disagree, and each category opens only its own rows.
 */
export type TodoKey =
  | 'sijiCount' | 'cheCount' | 'huozhuCount' | 'yuejieZhangQi' | 'pijieZhangQi' | 'tangjieZhangQi' | 'dianfuZq'
  // Ours, beyond JeecgBoot's seven: documents inside their warning window (list 证件状态 = 即将到期).
  | 'sijiDaoqi' | 'cheDaoqi' | 'chengyunDaoqi';

export interface TodoCategory {
  key: TodoKey;
  label: string;
  /** `<list path>?state=<key of the list's states>`: what the bell opens and what the server counts. */
  path: string;
  /** Platform staff only (review queues and documents about to lapse are the platform's work); others get 0. */
  staffOnly?: boolean;
}

export const TODO_CATEGORIES: readonly TodoCategory[] = [
  { key: 'sijiCount', label: '司机待审核', path: '/wlhy/hydriver/HyDriverList?state=1', staffOnly: true },
  { key: 'cheCount', label: '车辆待审核', path: '/wlhy/hyvehicle/HyVehicleList?state=1', staffOnly: true },
  { key: 'huozhuCount', label: '货主待审核', path: '/customer/manager?state=1' },
  { key: 'yuejieZhangQi', label: '月结账期待结算', path: '/shipping/list?state=settle1' },
  { key: 'pijieZhangQi', label: '批结待结算', path: '/shipping/list?state=settle2' },
  { key: 'tangjieZhangQi', label: '趟结待结算', path: '/shipping/list?state=settle3' },
  { key: 'dianfuZq', label: '垫付账期待还款', path: '/plateform/cost/paylist?state=1' },
  { key: 'sijiDaoqi', label: '司机证件即将到期', path: '/wlhy/hydriver/HyDriverList?state=expiring', staffOnly: true },
  { key: 'cheDaoqi', label: '车辆证件即将到期', path: '/wlhy/hyvehicle/HyVehicleList?state=expiring', staffOnly: true },
  { key: 'chengyunDaoqi', label: '承运商证件即将到期', path: '/wlhy/hycarrier/HyCarrierList?state=expiring', staffOnly: true },
];

/** A category's list path and state key (`/shipping/list?state=settle1` → ['/shipping/list', 'settle1']). */
export function todoTarget(category: TodoCategory): { listPath: string; state: string } {
  const [listPath, query = ''] = category.path.split('?');
  return { listPath, state: new URLSearchParams(query).get('state') ?? '' };
}
