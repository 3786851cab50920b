/**
 * `dashboard/Analysis`, the home page: a greeting, for platform staff the tenant's login figures (`/sys/loginfo`)
 * and a seven-day visit chart (`/sys/visitInfo`, ECharts in its own lazily loaded chunk), and how many records wait
 * for review on the screens the user may open. Freight KPIs appear only once real ones are registered in
 * `FREIGHT_KPIS`. Customers (shippers, customer admins) see no visit or IP counters: how busy the platform is is not
 * their business, and the server counts only their own logins for them anyway.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Card, Col, Empty, Row, Spin, Statistic, Typography } from 'antd';
import { STAFF_USER_TYPE } from '../../contracts/index.ts';
import type { EntitySchema } from '../../contracts/index.ts';
import { entityOperations, operationPermission } from '../../../capabilities/operations/contract.ts';
import type { LoginInfo, VisitDay } from '../../contracts/dashboard.ts';
import { useServices } from '../../engine/services.tsx';
import type { Services } from '../../engine/services.tsx';
import { useAppDeps } from '../deps.tsx';
import { usePlatformSettings } from '../settings.tsx';
import { useSession } from '../session.tsx';
import { greeting } from './greeting.ts';

const VisitChart = lazy(() => import('./VisitChart.tsx'));

/** The review state that means "waiting for a reviewer" in the `review_status` dictionary. */
const AWAITING_REVIEW = '1';

/** A freight figure the domain screens contribute; none are registered until they have real data behind them. */
export interface FreightKpi {
  title: string;
  /** Permission code the user needs for the figure to be shown. */
  permission: string;
  load(services: Services): Promise<number>;
}
export const FREIGHT_KPIS: FreightKpi[] = [];

const visuallyHidden: CSSProperties = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', border: 0,
};

/** `none`: nothing to load for this user (the part is not shown). */
type Loaded<T> = { status: 'none' } | { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/** Runs `load` once per change of `key`, ignoring answers that arrive after the page was left. */
function useLoaded<T>(load: (() => Promise<T>) | undefined, key: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(load ? { status: 'loading' } : { status: 'none' });
  useEffect(() => {
    if (!load) {
      setState({ status: 'none' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; `key` says when it really changed.
  }, [key]);
  return state;
}

interface ReviewQueue {
  title: string;
  path: string;
  count: number;
}

/** Whether the user may act on a row waiting for review: an operation of the entity that starts from that state. */
function mayReview(entity: EntitySchema, services: Services): boolean {
  return entityOperations(entity).some(
    (operation) => operation.when?.reviewStatus?.includes(AWAITING_REVIEW) && services.access.can(operationPermission(entity, operation)),
  );
}

/**
 * Entities with a `review_status` field whose pending rows the user may list and review: how many await them. A
 * shipper lists drivers but reviews none, so their queue is not the shipper's to-do.
 */
async function loadReviewQueues(entities: EntitySchema[], services: Services): Promise<ReviewQueue[]> {
  const reviewable = entities.filter(
    (e) => e.fields.reviewStatus?.dict === 'review_status' && e.menu?.path && services.access.can(`${e.permissionPrefix}:list`)
      && mayReview(e, services),
  );
  return Promise.all(
    reviewable.map(async (entity) => {
      const { total } = await services.data.getList(entity.api, {
        page: 1,
        pageSize: 1,
        filters: [{ field: 'reviewStatus', op: 'eq', value: AWAITING_REVIEW }],
      });
      return { title: `${entity.title}待审核`, path: `${entity.menu!.path}?reviewStatus=${AWAITING_REVIEW}`, count: total };
    }),
  );
}

function LoginFigures(props: { info: Loaded<LoginInfo> }) {
  const { info } = props;
  const value = (pick: (i: LoginInfo) => number) => (info.status === 'ready' ? pick(info.value) : undefined);
  const figures: Array<[string, number | undefined]> = [
    ['总访问量', value((i) => i.totalVisitCount)],
    ['今日访问量', value((i) => i.todayVisitCount)],
    ['今日访问IP', value((i) => i.todayIp)],
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map(([title, figure]) => (
        <Col key={title} xs={24} sm={8}>
          <Card variant="borderless">
            <Statistic title={title} value={figure ?? '—'} loading={info.status === 'loading'} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function VisitCard(props: { visits: Loaded<VisitDay[]> }) {
  const { visits } = props;
  return (
    <Card variant="borderless" title="近7日访问">
      {visits.status === 'loading' && <Spin />}
      {visits.status === 'failed' && <Typography.Text type="secondary">访问统计暂时无法获取</Typography.Text>}
      {visits.status === 'ready' && visits.value.length === 0 && <Empty description="暂无访问数据" />}
      {visits.status === 'ready' && visits.value.length > 0 && (
        <figure style={{ margin: 0 }} aria-label="近7日访问图表">
          <Suspense fallback={<Spin />}>
            <VisitChart days={visits.value} />
          </Suspense>
          <table style={visuallyHidden}>
            <caption>近7日访问明细</caption>
            <thead>
              <tr><th scope="col">日期</th><th scope="col">访问次数</th><th scope="col">访问IP数</th></tr>
            </thead>
            <tbody>
              {visits.value.map((day) => (
                <tr key={day.tian}><th scope="row">{day.tian}</th><td>{day.visit}</td><td>{day.ip}</td></tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </Card>
  );
}

function ReviewCard(props: { queues: Loaded<ReviewQueue[]> }) {
  const { queues } = props;
  // Nothing while loading: most users have no review queue, and an empty card would flash.
  if (queues.status === 'loading' || (queues.status === 'ready' && queues.value.length === 0)) return null;
  return (
    <Card variant="borderless" title="待办审核">
      {queues.status === 'failed' && <Typography.Text type="secondary">待办数量暂时无法获取</Typography.Text>}
      {queues.status === 'ready' && (
        <Row gutter={[16, 16]}>
          {queues.value.map((queue) => (
            <Col key={queue.path} xs={24} sm={12} md={8}>
              <Link to={queue.path} aria-label={`${queue.title} ${queue.count}`}>
                <Statistic title={queue.title} value={queue.count} />
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

function FreightKpiCard(props: { services: Services }) {
  const kpis = FREIGHT_KPIS.filter((kpi) => props.services.access.can(kpi.permission));
  const figures = useLoaded(() => Promise.all(kpis.map((kpi) => kpi.load(props.services))), kpis.map((k) => k.title).join('|'));
  if (kpis.length === 0) return null;
  return (
    <Card variant="borderless" title="货运指标">
      <Row gutter={[16, 16]}>
        {kpis.map((kpi, i) => (
          <Col key={kpi.title} xs={24} sm={12} md={6}>
            <Statistic title={kpi.title} value={figures.status === 'ready' ? figures.value[i] : '—'} loading={figures.status === 'loading'} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

export default function Analysis() {
  const { user } = useSession();
  const settings = usePlatformSettings();
  const deps = useAppDeps();
  const services = useServices();
  const name = user?.realname || user?.username || '';
  const staff = user?.userType === STAFF_USER_TYPE;
  const who = `${user?.id ?? ''}:${staff}`;
  const info = useLoaded(staff ? () => deps.http.getResult<LoginInfo>('/sys/loginfo') : undefined, who);
  const visits = useLoaded(staff ? () => deps.http.getResult<VisitDay[]>('/sys/visitInfo') : undefined, who);
  const queues = useLoaded(async () => loadReviewQueues(await deps.entities.all(), services), who);
  return (
    <div
      aria-label="首页概览"
      aria-busy={[info, visits, queues].some((part) => part.status === 'loading')}
      style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {greeting(new Date().getHours())}，{name}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          欢迎使用{settings.platformName}。请从左侧菜单进入业务功能。
        </Typography.Paragraph>
      </Card>
      {info.status === 'none' ? null : <LoginFigures info={info} />}
      {visits.status === 'none' ? null : <VisitCard visits={visits} />}
      <ReviewCard queues={queues} />
      <FreightKpiCard services={services} />
    </div>
  );
}
