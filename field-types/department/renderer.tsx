/**
 * `department` in forms: the department tree from `/sys/sysDepart/queryTreeList`; the field stores the department
 * id (several, comma-joined, with `multiple`). Only the caller's tenant is ever shown (the server scopes it).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { TreeSelect } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';
import { joinList, splitList } from '../../src/contracts/index.ts';
import type { DepartTreeNode } from '../../src/contracts/index.ts';
import { useServices } from '../../src/engine/services.tsx';

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

const toOptions = (nodes: DepartTreeNode[]): TreeOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.departName, children: node.children ? toOptions(node.children) : undefined }));

export function DepartWidget(props: WidgetProps) {
  const { lookups } = useServices();
  const [tree, setTree] = useState<TreeOption[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    lookups.departTree().then(
      (nodes) => live && setTree(toOptions(nodes)),
      () => live && setTree([]),
    ).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [lookups]);
  // With the `multiple` option several departments travel comma-joined, like user fields.
  const multiple = props.options.multiple === true;
  const values = splitList(props.value);
  const value = multiple ? values : typeof props.value === 'string' && props.value !== '' ? props.value : undefined;
  return (
    <TreeSelect
      id={props.id}
      value={value}
      multiple={multiple}
      treeData={tree}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      allowClear={!props.required}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      loading={loading}
      style={{ width: '100%' }}
      onChange={(next: string | string[] | undefined) => props.onChange(Array.isArray(next) ? joinList(next) : (next ?? undefined))}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}


export const departmentRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'DepartWidget', 'ui:placeholder': placeholderOf(field, `请选择${field.label}`), 'ui:options': { multiple: field.multiple === true } }),
  widgets: { DepartWidget },
};
