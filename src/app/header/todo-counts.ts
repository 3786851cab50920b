/**
 * The bell's 待办 part (issue 3): the seven counters of `GET /hydriver/hyDriver/getDsXx` (drivers, vehicles and
 * customers under review; due settlement per type; advances due) and our three of documents about to lapse, polled every 650 000 ms as the JeecgBoot client
 * does, each linking to the list that shows exactly them (`?state=` presets the list's query; the server counts that
 * same list: src/contracts/todo-categories.ts).
 */
export const TODO_POLL_MS = 650_000;
export const TODO_COUNTS_URL = '/hydriver/hyDriver/getDsXx';

export { TODO_CATEGORIES, type TodoCategory, type TodoKey } from '../../contracts/todo-categories.ts';
import { TODO_CATEGORIES, type TodoCategory, type TodoKey } from '../../contracts/todo-categories.ts';

export type TodoCounts = Record<TodoKey, number>;

export interface ActiveTodo extends TodoCategory {
  count: number;
}

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
