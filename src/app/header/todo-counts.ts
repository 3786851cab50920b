/**
 * The bell's 待办 part (issue 3): the seven counters of `GET /hydriver/hyDriver/getDsXx` (drivers, vehicles and
 * customers under review; due settlement per type; advances due) and our three of documents about to lapse, polled every 650 000 ms as the JeecgBoot client
 * does, each linking to the list that shows them (`?state=1` presets the list's query).
 */
export const TODO_POLL_MS = 650_000;
export const TODO_COUNTS_URL = '/hydriver/hyDriver/getDsXx';

type TodoKey =
  | 'sijiCount' | 'cheCount' | 'huozhuCount' | 'yuejieZhangQi' | 'pijieZhangQi' | 'tangjieZhangQi' | 'dianfuZq'
  // Ours, beyond JeecgBoot's seven: documents inside their warning window (list 证件状态 = 即将到期).
  | 'sijiDaoqi' | 'cheDaoqi' | 'chengyunDaoqi';
export type TodoCounts = Record<TodoKey, number>;

export interface TodoCategory {
  key: TodoKey;
  label: string;
  path: string;
}

export interface ActiveTodo extends TodoCategory {
  count: number;
}

export const TODO_CATEGORIES: readonly TodoCategory[] = [
  { key: 'sijiCount', label: '司机待审核', path: '/wlhy/hydriver/HyDriverList?state=1' },
  { key: 'cheCount', label: '车辆待审核', path: '/wlhy/hyvehicle/HyVehicleList?state=1' },
  { key: 'huozhuCount', label: '货主待审核', path: '/customer/manager?state=1' },
  { key: 'yuejieZhangQi', label: '月结账期待结算', path: '/shipping/list?state=1' },
  { key: 'pijieZhangQi', label: '批结待结算', path: '/shipping/list?state=1' },
  { key: 'tangjieZhangQi', label: '趟结待结算', path: '/shipping/list?state=1' },
  { key: 'dianfuZq', label: '垫付账期待还款', path: '/plateform/cost/paylist?state=1' },
  { key: 'sijiDaoqi', label: '司机证件即将到期', path: '/wlhy/hydriver/HyDriverList?state=expiring' },
  { key: 'cheDaoqi', label: '车辆证件即将到期', path: '/wlhy/hyvehicle/HyVehicleList?state=expiring' },
  { key: 'chengyunDaoqi', label: '承运商证件即将到期', path: '/wlhy/hycarrier/HyCarrierList?state=expiring' },
];

/** The categories with something to do, in the bell's order. */
export function activeTodos(counts: Partial<TodoCounts> | undefined): ActiveTodo[] {
  return TODO_CATEGORIES.map((c) => ({ ...c, count: Number(counts?.[c.key] ?? 0) })).filter((c) => Number.isFinite(c.count) && c.count > 0);
}

/** The bell's badge: one per category with something to do, and one more when announcements are unread. */
export function bellBadgeCount(todos: readonly ActiveTodo[], unread: number): number {
  return todos.length + (unread > 0 ? 1 : 0);
}

/** What the bell says to a screen reader (and the tests): '消息通知', then what waits. */
export function bellLabel(todos: readonly ActiveTodo[], unread: number): string {
  return ['消息通知', todos.length > 0 ? `${todos.length}类待办` : '', unread > 0 ? `${unread}条未读` : ''].filter(Boolean).join('，');
}
