/**
 * One routed screen: a code page when the menu component names one, otherwise the entity schema whose
 * `menu.component` matches, rendered by the `list-page` renderer. No screen needs code of its own.
 */
import { Suspense, useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import type { EntitySchema } from '../../contracts/index.ts';
import { normaliseComponent } from '../../engine/entity-catalog.ts';
import { firstLeafPath } from '../../engine/menu-routes.ts';
import type { RouteSpec } from '../../engine/menu-routes.ts';
import { RenderNode } from '../../engine/render-node.tsx';
import type { ListPageProps } from '../../../renderers/index.ts';
import { RendererTypes } from '../../../renderers/index.ts';
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
  return <EntityScreen component={spec.component} title={spec.title} />;
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

function EntityScreen({ component, title }: { component: string; title: string }) {
  const location = useLocation();
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

  if (!lookup || lookup.component !== component) return loading;
  if (!lookup.entity) {
    return <Result status="warning" title={`${title}：页面尚未配置`} subTitle={`菜单组件 ${component} 没有对应的页面定义。`} />;
  }
  return (
    <RenderNode<ListPageProps>
      // The query string is list state: a new one (e.g. from a dashboard link) starts the list afresh.
      key={`${lookup.entity.name}${location.search}`}
      type={RendererTypes.listPage}
      props={{ entity: lookup.entity, search: location.search }}
    />
  );
}
