/**
 * The dynamic loader (JeecgBoot's DynamicNotice): renders a screen named by its menu component string — the
 * "relative path" a notice or a link carries — and, 200 ms after it has mounted, calls its `view` with the given
 * record, which opens that record's details. Used where a message points at a business record
 * (`openType: component`, `busId`), without a route of its own.
 */
import { useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import type { WireRecord } from '../../contracts/index.ts';
import { RenderNode } from '../../engine/render-node.tsx';
import { entityScreenType } from '../../../renderers/index.ts';
import type { ListPageProps, ScreenHandle } from '../../../renderers/index.ts';
import { useEntityForComponent } from './Screen.tsx';

/** JeecgBoot waits this long before calling `view`, so the loaded screen has mounted. */
export const VIEW_DELAY_MS = 200;

export function DynamicScreen({ component, formData }: { component: string; formData?: WireRecord }) {
  const entity = useEntityForComponent(component);
  // The screen loads lazily: its handle arrives when it has mounted, and the wait starts from there.
  const [handle, setHandle] = useState<ScreenHandle | null>(null);

  useEffect(() => {
    if (!handle || !formData) return;
    const timer = setTimeout(() => handle.view(formData), VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [handle, formData]);

  if (entity === undefined) return <Spin />;
  if (entity === null) return <Result status="warning" title="页面尚未配置" subTitle={`组件 ${component} 没有对应的页面定义。`} />;
  return <RenderNode<ListPageProps> type={entityScreenType(entity)} props={{ entity, handleRef: setHandle }} />;
}
