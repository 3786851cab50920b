/**
 * The parent picker of a tree entity's form: a tree select over the entity's own rows, roots first and children
 * loaded when a node opens (the same `childList` the tree list uses). Empty means a root node. In edit mode the
 * record itself cannot be picked nor opened, so the user cannot start a cycle (the server refuses one anyway).
 */
import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { TREE_ROOT_ID } from '../../src/contracts/index.ts';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { useServices } from '../../src/engine/services.tsx';

export interface TreeParentContext {
  entity?: EntitySchema;
  /** The record being edited, if any. */
  recordId?: string | number;
}

interface SimpleNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
  disabled?: boolean;
}

function toNode(entity: EntitySchema, record: WireRecord, selfId: string | undefined): SimpleNode {
  const tree = entity.tree!;
  const id = String(record.id);
  const parent = record[tree.parentField];
  return {
    id,
    pId: parent === null || parent === undefined || parent === '' ? TREE_ROOT_ID : String(parent),
    value: id,
    title: String(record[tree.labelField] ?? id),
    isLeaf: id === selfId || record[tree.hasChildField] !== '1',
    disabled: id === selfId,
  };
}

export function TreeParentWidget(props: WidgetProps) {
  const { data } = useServices();
  const context = props.registry.formContext as TreeParentContext | undefined;
  const entity = context?.entity;
  const selfId = context?.recordId === undefined ? undefined : String(context.recordId);
  const [nodes, setNodes] = useState<SimpleNode[]>([]);
  const value = props.value === undefined || props.value === null || props.value === '' || props.value === TREE_ROOT_ID ? undefined : String(props.value);

  const merge = (more: SimpleNode[]) =>
    setNodes((known) => [...known, ...more.filter((node) => !known.some((k) => k.id === node.id))]);

  useEffect(() => {
    if (!entity?.tree) return;
    let live = true;
    void data.getList(entity.api, { page: 1, pageSize: 1000 }).then((page) => live && merge(page.records.map((r) => toNode(entity, r, selfId))));
    // A current parent deep in the tree is not among the roots: read it so its name shows.
    if (value) void data.getOne(entity.api, value).then((record) => live && merge([toNode(entity, record, selfId)])).catch(() => undefined);
    return () => {
      live = false;
    };
    // Loaded once per form; later value changes come from picking a node that is already known.
  }, [data, entity, selfId]);

  return (
    <TreeSelect
      id={props.id}
      value={value}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      allowClear
      style={{ width: '100%' }}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: TREE_ROOT_ID }}
      treeData={nodes}
      loadData={async (node) => {
        if (!entity?.tree) return;
        const children = await data.getChildren(entity.api, String(node.value));
        merge(children.map((r) => toNode(entity, r, selfId)));
      }}
      onChange={(next: string | undefined) => props.onChange(next ?? undefined)}
    />
  );
}
