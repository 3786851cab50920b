/**
 * The `tree-list` renderer, for entities that declare `tree`: the query form, then a table of root rows (paged)
 * whose rows open to their children, loaded from `childList` the first time a row opens. A row shows the expand
 * icon when the server says it has children (`hasChild` = '1'). Rows offer 添加子级 (add a node under this one),
 * 详情, 编辑 and 删除 by the same permission codes as the list page; a query searches nodes at any depth.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Key } from 'react';
import { App, Button, Card, Skeleton, Space, Table } from 'antd';
import { permissionCode } from '../../src/contracts/index.ts';
import { CONFIRM_PARAM, CONFIRM_REQUIRED_CODE } from '../../src/contracts/confirm.ts';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { listDictCodes } from '../../src/engine/fields.ts';
import { useListController } from '../../src/engine/list-controller.ts';
import { useDictionaries, useServices } from '../../src/engine/services.tsx';
import type { RecordId } from '../../src/providers/data.ts';
import { failureText, toastFailure } from '../../src/http/errors.ts';
import { buildColumns } from '../list-page/columns.tsx';
import { QueryForm } from '../list-page/QueryForm.tsx';
import type { ListPageProps } from '../list-page/types.ts';
import { ExcelButtons } from '../list-page/ExcelButtons.tsx';
import { capabilityRowActions } from '../../capabilities/renderers.ts';
import { tablePaging } from '../list-page/table-paging.ts';
import { useRecordOverlays } from '../list-page/record-overlays.tsx';
import { RendererRoot } from '../shared/RendererRoot.tsx';

/** The table's own key for nested rows, so a field named `children` can never clash with it. */
const CHILDREN = '__children';

export default function TreeList(props: ListPageProps) {
  return (
    <RendererRoot>
      <TreeListBody {...props} />
    </RendererRoot>
  );
}

/** Rows as the table wants them: each node that has children carries its loaded children (or none yet). */
export function nestRows(entity: EntitySchema, rows: WireRecord[], children: Map<string, WireRecord[]>): WireRecord[] {
  const tree = entity.tree!;
  return rows.map((row) => {
    const loaded = children.get(String(row.id));
    if (loaded) return { ...row, [CHILDREN]: nestRows(entity, loaded, children) };
    return row[tree.hasChildField] === '1' ? { ...row, [CHILDREN]: [] } : row;
  });
}

function TreeListBody({ entity, search, onSearchChange, handleRef }: ListPageProps) {
  const { data, dicts, access } = useServices();
  const { message, modal } = App.useApp();
  const [children, setChildren] = useState<Map<string, WireRecord[]>>(new Map());
  const [expanded, setExpanded] = useState<Key[]>([]);
  const list = useListController(entity, {
    search,
    onSearchChange,
    // Children may have changed with the roots: opened rows load again when reopened.
    onLoaded: () => {
      setChildren(new Map());
      setExpanded([]);
    },
    onError: (error) => toastFailure(message, error),
  });
  const { reload } = list;
  const sort = list.state.sort;
  // Checked rows (any level); a batch may delete a node together with all of its children.
  const [selectedIds, setSelectedIds] = useState<RecordId[]>([]);
  const overlays = useRecordOverlays(entity, handleRef, reload);
  const dictVersion = useDictionaries(listDictCodes(entity));

  const canAdd = access.can(permissionCode(entity, 'add'));
  const canEdit = access.can(permissionCode(entity, 'edit'));
  const canDelete = access.can(permissionCode(entity, 'delete'));

  async function expand(open: boolean, record: WireRecord) {
    const key = String(record.id);
    if (!open) {
      setExpanded((keys) => keys.filter((k) => k !== key));
      return;
    }
    if (!children.has(key)) {
      try {
        const loaded = await data.getChildren(entity.api, key, sort);
        setChildren((known) => new Map(known).set(key, loaded));
      } catch (error: unknown) {
        toastFailure(message, error);
        return;
      }
    }
    setExpanded((keys) => [...keys, key]);
  }

  const remove = useCallback(
    async (id: RecordId | RecordId[], confirmed = false) => {
      const ids = Array.isArray(id) ? id : [id];
      try {
        const answer = confirmed ? await data.deleteMany(entity.api, ids, { [CONFIRM_PARAM]: true }) : await data.deleteMany(entity.api, ids);
        message.success(answer.message || '删除成功!');
        setSelectedIds((kept) => kept.filter((k) => !ids.includes(k)));
        reload();
      } catch (error: unknown) {
        // The server asks first for a node that still has children or members: its question, then the same delete.
        if (!confirmed && (error as { code?: unknown } | null)?.code === CONFIRM_REQUIRED_CODE) {
          modal.confirm({ title: '确认删除', content: failureText(error), okText: '确定', cancelText: '取消', okButtonProps: { danger: true }, onOk: () => remove(ids, true) });
          return;
        }
        toastFailure(message, error);
      }
    },
    [data, entity.api, message, modal, reload],
  );

  const { openForm, rowActions } = overlays;
  const columns = useMemo(
    () =>
      buildColumns({
        entity,
        sort,
        lookup: dicts.text,
        canEdit,
        canDelete,
        ...rowActions,
        onDelete: (record) => void remove(record.id as RecordId),
        extraRowActions: canAdd
          ? (record) => (
              <Button type="link" size="small" onClick={() => openForm({ open: true, mode: 'add', initialValues: { [entity.tree!.parentField]: String(record.id) } })}>
                添加子级
              </Button>
            )
          : undefined,
        // The capabilities' row buttons (declared operations and panels), as on a list page.
        operationActions: capabilityRowActions(entity, access, reload),
      }),
    // dictVersion: re-translate cells once late dictionaries arrive.
    [entity, sort, dicts, dictVersion, canAdd, canEdit, canDelete, remove, access, reload, rowActions, openForm],
  );

  if (overlays.screen) return overlays.screen;

  return (
    <Card variant="borderless">
      <QueryForm entity={entity} initialValues={list.state.query} onSearch={list.search} />
      <Space style={{ marginBottom: 12 }}>
        {canAdd ? (
          <Button type="primary" onClick={() => openForm({ open: true, mode: 'add' })}>
            新增
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            disabled={selectedIds.length === 0}
            onClick={() =>
              modal.confirm({
                title: '确认删除',
                content: `确定要删除这 ${selectedIds.length} 项吗?`,
                okText: '确定',
                cancelText: '取消',
                onOk: () => remove(selectedIds),
              })
            }
          >
            批量删除
          </Button>
        ) : null}
        {/* The same 导出/导入 as a list page; an import checks each row's parent and keeps hasChild. */}
        <ExcelButtons entity={entity} query={list.criteria} selected={selectedIds} onImported={reload} />
        {selectedIds.length > 0 ? <span>已选择 {selectedIds.length} 项</span> : null}
      </Space>
      {list.answered ? (
        <Table<WireRecord>
          rowKey={(record) => String(record.id)}
          size="middle"
          columns={columns}
          dataSource={nestRows(entity, list.rows, children)}
          loading={list.loading}
          scroll={{ x: 'max-content' }}
          rowSelection={
            canDelete
              ? { selectedRowKeys: selectedIds.map(String), checkStrictly: true, onChange: (keys) => setSelectedIds(keys.map(String)) }
              : undefined
          }
          expandable={{
            childrenColumnName: CHILDREN,
            expandedRowKeys: expanded,
            onExpand: (open, record) => void expand(open, record),
          }}
          {...tablePaging(entity, list)}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      )}
      {overlays.dialogs}
    </Card>
  );
}
