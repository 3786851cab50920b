/**
 * One routed screen: a code page when the menu component names one, otherwise the entity schema whose
 * `menu.component` matches, rendered by the `list-page` renderer (`tree-list` when the entity declares a tree). No screen needs code of its own.
 */
import { Suspense, useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { EntitySchema } from '../../contracts/index.ts';
import { normaliseComponent } from '../../engine/entity-catalog.ts';
import { firstLeafPath } from '../../engine/menu-routes.ts';
import type { RouteSpec } from '../../engine/menu-routes.ts';
import { RenderNode } from '../../engine/render-node.tsx';
import type { ListPageProps, ReportViewProps } from '../../../renderers/index.ts';
import { entityScreenType, RendererTypes } from '../../../renderers/index.ts';
import { REPORT_COMPONENT } from '../../contracts/report.ts';
import { CODE_PAGES } from '../code-pages.ts';
import { useAppDeps } from '../deps.tsx';

const loading = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

export function Screen({ spec }: { spec: RouteSpec }) {
  const CodePage = CODE_PAGES[normaliseComponent(spec.component)];
  if (CodePage) {
    return (
      <Suspense fallback={loading}>
        <CodePage />
      </Suspense>
    );
  }
  if (normaliseComponent(spec.component) === normaliseComponent(REPORT_COMPONENT)) return <ReportScreen />;
  return <EntityScreen component={spec.component} title={spec.title} />;
}

/**
 * Every online report page shares one component; the report is the opened url's last segment, whether its route
 * is the page's own path or the parameter route /online/cgreport/:code the menu's report links open through.
 */
function ReportScreen() {
  const code = useLocation().pathname.split('/').filter(Boolean).pop() ?? '';
  return <RenderNode<ReportViewProps> key={code} type={RendererTypes.report} props={{ code }} />;
}

/** Opening a folder route directly lands on its redirect or its first screen. */
export function FolderIndex({ spec }: { spec: RouteSpec }) {
  const target = spec.redirect && spec.redirect !== spec.path ? spec.redirect : firstLeafPath(spec);
  return target ? <Navigate to={target} replace /> : null;
}

interface Lookup {
  component: string;
  entity: EntitySchema | null;
}

/** The entity schema a menu component string names: undefined while looking, null when none does. */
export function useEntityForComponent(component: string): EntitySchema | null | undefined {
  const { entities } = useAppDeps();
  const [lookup, setLookup] = useState<Lookup>();
  useEffect(() => {
    let live = true;
    entities
      .findByComponent(component)
      .then((entity) => live && setLookup({ component, entity: entity ?? null }))
      .catch(() => live && setLookup({ component, entity: null }));
    return () => {
      live = false;
    };
  }, [component, entities]);
  return lookup && lookup.component === component ? lookup.entity : undefined;
}

function EntityScreen({ component, title }: { component: string; title: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const entity = useEntityForComponent(component);
  const lookup = entity === undefined ? undefined : { component, entity };

  if (!lookup) return loading;
  if (!lookup.entity) {
    return <Result status="warning" title={`${title}：页面尚未配置`} subTitle={`菜单组件 ${component} 没有对应的页面定义。`} />;
  }
  return (
    <RenderNode<ListPageProps>
      // The query string is list state that the list reads and writes itself, so it is not part of the key:
      // a new one (back/forward, a dashboard link) updates the mounted list instead of remounting it.
      key={lookup.entity.name}
      type={entityScreenType(lookup.entity)}
      props={{
        entity: lookup.entity,
        search: location.search,
        onSearchChange: (search, how) => navigate({ pathname: location.pathname, search }, { replace: how === 'replace' }),
      }}
    />
  );
}
