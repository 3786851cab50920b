/**
 * A screen named by its menu component string (the "relative path" a message carries, JeecgBoot's DynamicNotice),
 * rendered inside another renderer; with `recordId`, that record's details open once the screen has mounted.
 * The shell's own loader (src/app/main/DynamicScreen.tsx) does the same from app dependencies; renderers reach the
 * entity catalogue through their services instead.
 */
import { useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { RenderNode } from '../../src/engine/render-node.tsx';
import { useServices } from '../../src/engine/services.tsx';
import { entityScreenType } from '../node-types.ts';
import type { ListPageProps, ScreenHandle } from '../list-page/types.ts';

/** JeecgBoot waits this long before calling `view`, so the loaded screen has mounted. */
const VIEW_DELAY_MS = 200;

export function ScreenByComponent({ component, recordId }: { component: string; recordId?: string }) {
  const { entities } = useServices();
  const [entity, setEntity] = useState<EntitySchema | null>();
  const [handle, setHandle] = useState<ScreenHandle | null>(null);

  useEffect(() => {
    let live = true;
    const found = entities?.findByComponent?.(component) ?? Promise.resolve(undefined);
    found.then(
      (schema) => live && setEntity(schema ?? null),
      () => live && setEntity(null),
    );
    return () => {
      live = false;
    };
  }, [entities, component]);

  useEffect(() => {
    if (!handle || !recordId) return;
    const timer = setTimeout(() => handle.view({ id: recordId }), VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [handle, recordId]);

  if (entity === undefined) return <Spin />;
  if (entity === null) return <Result status="warning" title="页面尚未配置" subTitle={`组件 ${component} 没有对应的页面定义。`} />;
  return <RenderNode<ListPageProps> type={entityScreenType(entity)} props={{ entity, handleRef: setHandle }} />;
}
