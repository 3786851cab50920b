/**
 * The `child-list` panel node: a master row's detail records, as the detail entity's own list page, filtered by
 * `settings.foreignKey` = the master row's id (or `settings.masterKey`), with new records starting with that key.
 * Master/detail screens (a dictionary's items, …) are then configuration only:
 *   "panel": { "node": "child-list", "props": { "entity": "sysDictItem", "foreignKey": "dictId" } }
 * The detail schema comes from the app's entity catalog by name; its endpoints check their own permission codes.
 */
import { useEffect, useMemo, useState } from 'react';
import { Skeleton } from 'antd';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { ErrorBox, RenderNode } from '../../src/engine/render-node.tsx';
import { useServices } from '../../src/engine/services.tsx';
import type { ListPageProps } from '../list-page/types.ts';
import { RendererTypes } from '../node-types.ts';
import type { OperationPanelProps } from '../shared/panel.ts';

type Loaded = { state: 'loading' } | { state: 'missing'; detail: string } | { state: 'ready'; entity: EntitySchema };

export default function ChildListPanel({ record, settings, onChanged }: OperationPanelProps) {
  const { entities } = useServices();
  const childName = typeof settings.entity === 'string' ? settings.entity : '';
  const foreignKey = typeof settings.foreignKey === 'string' ? settings.foreignKey : '';
  const masterKey = typeof settings.masterKey === 'string' ? settings.masterKey : 'id';
  const masterValue = record[masterKey];
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    if (!childName || !foreignKey || !entities) {
      setLoaded({ state: 'missing', detail: 'child-list 需要 props.entity 与 props.foreignKey，且应用需提供实体目录。' });
      return;
    }
    entities
      .findByName(childName)
      .then((entity) => {
        if (!live) return;
        if (!entity) setLoaded({ state: 'missing', detail: `找不到实体 ${childName} 的配置文件。` });
        else if (!entity.fields[foreignKey]) setLoaded({ state: 'missing', detail: `实体 ${childName} 没有字段 ${foreignKey}。` });
        else setLoaded({ state: 'ready', entity });
      })
      .catch((error: unknown) => live && setLoaded({ state: 'missing', detail: String(error) }));
    return () => {
      live = false;
    };
  }, [entities, childName, foreignKey]);

  const fixedValues = useMemo(
    () => (typeof masterValue === 'string' || typeof masterValue === 'number' ? { [foreignKey]: masterValue } : undefined),
    [foreignKey, masterValue],
  );

  if (loaded.state === 'loading') return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  if (loaded.state === 'missing') return <ErrorBox title="无法显示明细列表" detail={loaded.detail} />;
  if (!fixedValues) return <ErrorBox title="无法显示明细列表" detail={`该行没有 ${masterKey}。`} />;
  // A write to the details (a payment, an item) changes what the master row shows (paid amount, status): the master
  // list reads again when the drawer closes (capabilities/operations/renderer-panel.tsx).
  return <RenderNode<ListPageProps> type={RendererTypes.listPage} props={{ entity: loaded.entity, fixedValues, onChanged }} />;
}
