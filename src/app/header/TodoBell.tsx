/**
 * The header's 待办 bell (issue 3): the seven counters of `GET /hydriver/hyDriver/getDsXx` (drivers, vehicles and
 * customers under review; due settlement per type; advances due), polled every 650 000 ms as the JeecgBoot client
 * does. The badge is the number of non-zero categories; the popover lists those categories, each linking to the
 * list that shows them (`?state=1` presets the list's query). Read quietly: a failed poll keeps what is shown.
 */
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Result } from '../../contracts/index.ts';
import { useAppDeps } from '../deps.tsx';
import { useSession } from '../session.tsx';

export const TODO_POLL_MS = 650_000;
export const TODO_COUNTS_URL = '/hydriver/hyDriver/getDsXx';

export type TodoCounts = Record<TodoKey, number>;
type TodoKey = 'sijiCount' | 'cheCount' | 'huozhuCount' | 'yuejieZhangQi' | 'pijieZhangQi' | 'tangjieZhangQi' | 'dianfuZq';

export const TODO_CATEGORIES: readonly { key: TodoKey; label: string; path: string }[] = [
  { key: 'sijiCount', label: '司机待审核', path: '/wlhy/hydriver/HyDriverList?state=1' },
  { key: 'cheCount', label: '车辆待审核', path: '/wlhy/hyvehicle/HyVehicleList?state=1' },
  { key: 'huozhuCount', label: '货主待审核', path: '/customer/manager?state=1' },
  { key: 'yuejieZhangQi', label: '月结账期待结算', path: '/shipping/list?state=1' },
  { key: 'pijieZhangQi', label: '批结待结算', path: '/shipping/list?state=1' },
  { key: 'tangjieZhangQi', label: '趟结待结算', path: '/shipping/list?state=1' },
  { key: 'dianfuZq', label: '垫付账期待还款', path: '/plateform/cost/paylist?state=1' },
];

/** The categories with something to do, in the bell's order. */
export function activeTodos(counts: Partial<TodoCounts> | undefined) {
  return TODO_CATEGORIES.map((c) => ({ ...c, count: Number(counts?.[c.key] ?? 0) })).filter((c) => Number.isFinite(c.count) && c.count > 0);
}

export function TodoBell({ dark = false }: { dark?: boolean }) {
  const session = useSession();
  const { http } = useAppDeps();
  const navigate = useNavigate();
  const [counts, setCounts] = useState<Partial<TodoCounts>>();
  const [open, setOpen] = useState(false);
  const userId = session.user?.id;

  const reload = useCallback(async () => {
    try {
      const response = await http.axios.get<Result<TodoCounts>>(TODO_COUNTS_URL);
      if (response.data?.success) setCounts(response.data.result);
    } catch {
      // The next poll tries again.
    }
  }, [http]);

  useEffect(() => {
    if (!userId) return;
    void reload();
    const timer = setInterval(() => void reload(), TODO_POLL_MS);
    return () => clearInterval(timer);
  }, [userId, reload]);

  const todos = activeTodos(counts);
  const content = todos.length ? (
    <List
      size="small"
      style={{ width: 260 }}
      dataSource={todos}
      renderItem={(todo) => (
        <List.Item
          actions={[<Typography.Text key="n" strong>{todo.count}</Typography.Text>]}
          style={{ cursor: 'pointer' }}
          onClick={() => {
            setOpen(false);
            navigate(todo.path);
          }}
        >
          <Typography.Link>{todo.label}</Typography.Link>
        </List.Item>
      )}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" />
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="待办提醒" open={open} onOpenChange={setOpen} content={content}>
      <Badge count={todos.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          aria-label={todos.length > 0 ? `待办提醒，${todos.length}类待处理` : '待办提醒'}
          icon={<ScheduleOutlined />}
          style={dark ? { color: '#fff' } : undefined}
        />
      </Badge>
    </Popover>
  );
}
