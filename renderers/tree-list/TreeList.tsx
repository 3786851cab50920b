/**
 * The `tree-list` renderer, for entities that declare `tree`: the query form, then a table of root rows (paged)
 * whose rows open to their children, loaded from `childList` the first time a row opens. A row shows the expand
 * icon when the server says it has children (`hasChild` = '1'). Rows offer 添加子级 (add a node under this one),
 * 详情, 编辑 and 删除 by the same permission codes as the list page; a query searches nodes at any depth.
 */
import { useCallback, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import type { Key } from 'react';
import { App, Button, Card, Skeleton, Space, Table } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { permissionCode } from '../../src/contracts/index.ts';
import { CONFIRM_PARAM, CONFIRM_REQUIRED_CODE } from '../../src/contracts/confirm.ts';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { listDictCodes } from '../../src/engine/fields.ts';
import { buildFilters, defaultSort, queryValuesFromSearch } from '../../src/engine/list-query.ts';
import type { QueryValues } from '../../src/engine/list-query.ts';
import { useDictionaries, useServices } from '../../src/engine/services.tsx';
import type { ListSort, RecordId } from '../../src/providers/data.ts';
import { failureText, toastFailure } from '../../src/http/errors.ts';
import { buildColumns } from '../list-page/columns.tsx';
import { QueryForm } from '../list-page/QueryForm.tsx';
import type { ListPageProps } from '../list-page/types.ts';
import { ExcelButtons } from '../list-page/ExcelButtons.tsx';
import { RowOperations, permittedOperations } from '../list-page/operations.tsx';
import { nextTablePaging, type TableSorter } from '../list-page/table-paging.ts';
import { RecordDetail, RecordForm, formTakesScreen, listPagination, type FormState } from '../list-page/record-overlays.tsx';
import { RendererRoot } from '../shared/RendererRoot.tsx';

const DEFAULT_PAGE_SIZES = [10, 20, 30];
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

function TreeListBody({ entity, search, handleRef }: ListPageProps) {
  const { data, dicts, access } = useServices();
  const { message, modal } = App.useApp();
  // Checked rows (any level); a batch may delete a node together with all of its children.
  const [selectedIds, setSelectedIds] = useState<RecordId[]>([]);
  const pageSizes = entity.list.pageSizes?.length ? entity.list.pageSizes : DEFAULT_PAGE_SIZES;
  const [query, setQuery] = useState<QueryValues>(() => queryValuesFromSearch(entity, new URLSearchParams(search ?? '')));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const [sort, setSort] = useState<ListSort | undefined>(() => defaultSort(entity));
  const [reloadTick, setReloadTick] = useState(0);
  const [rows, setRows] = useState<WireRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [answeredOnce, setAnsweredOnce] = useState(false);
  const [children, setChildren] = useState<Map<string, WireRecord[]>>(new Map());
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [form, setForm] = useState<FormState>({ open: false });
  const [detailId, setDetailId] = useState<RecordId>();
  useImperativeHandle(handleRef, () => ({ view: (record) => record.id !== undefined && setDetailId(record.id as RecordId) }), []);
  const dictVersion = useDictionaries(listDictCodes(entity));

  const canAdd = access.can(permissionCode(entity, 'add'));
  const canEdit = access.can(permissionCode(entity, 'edit'));
  const canDelete = access.can(permissionCode(entity, 'delete'));

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    data
      .getList(entity.api, { page, pageSize, sort, filters: buildFilters(entity, query) }, controller.signal)
      .then((result) => {
        setRows(result.records);
        setTotal(result.total);
        // Children may have changed with the roots: opened rows load again when reopened.
        setChildren(new Map());
        setExpanded([]);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) toastFailure(message, error);
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        setLoading(false);
        setAnsweredOnce(true);
      });
    return () => controller.abort();
  }, [data, entity, query, page, pageSize, sort, reloadTick, message]);

  const reload = useCallback(() => setReloadTick((tick) => tick + 1), []);

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

  const columns = useMemo(
    () =>
      buildColumns({
        entity,
        sort,
        lookup: dicts.text,
        canEdit,
        canDelete,
        onEdit: (record) => setForm({ open: true, mode: 'edit', id: record.id as RecordId }),
        onDelete: (record) => void remove(record.id as RecordId),
        onDetail: entity.detail ? (record) => setDetailId(record.id as RecordId) : undefined,
        extraRowActions: canAdd
          ? (record) => (
              <Button type="link" size="small" onClick={() => setForm({ open: true, mode: 'add', initialValues: { [entity.tree!.parentField]: String(record.id) } })}>
                添加子级
              </Button>
            )
          : undefined,
        // Declared row operations (and panels), as on a list page.
        operationActions:
          permittedOperations(entity, access, 'row').length > 0
            ? (record) => <RowOperations entity={entity} record={record} onDone={reload} />
            : undefined,
      }),
    // dictVersion: re-translate cells once late dictionaries arrive.
    [entity, sort, dicts, dictVersion, canAdd, canEdit, canDelete, remove, access, reload],
  );

  function onTableChange(pagination: TablePaginationConfig, sorter: TableSorter) {
    const next = nextTablePaging(entity, { page, pageSize, sort }, pagination, sorter);
    setSort(next.sort);
    setPageSize(next.pageSize);
    setPage(next.page);
  }

  const formNode = (
    <RecordForm
      entity={entity}
      form={form}
      onClose={() => setForm({ open: false })}
      onSaved={() => {
        setForm({ open: false });
        reload();
      }}
    />
  );
  if (formTakesScreen(entity, form)) return formNode;

  return (
    <Card variant="borderless">
      <QueryForm
        entity={entity}
        initialValues={query}
        onSearch={(values) => {
          setQuery(values);
          setPage(1);
          reload();
        }}
      />
      <Space style={{ marginBottom: 12 }}>
        {canAdd ? (
          <Button type="primary" onClick={() => setForm({ open: true, mode: 'add' })}>
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
        <ExcelButtons entity={entity} query={{ sort, filters: buildFilters(entity, query) }} selected={selectedIds} onImported={reload} />
        {selectedIds.length > 0 ? <span>已选择 {selectedIds.length} 项</span> : null}
      </Space>
      {answeredOnce ? (
        <Table<WireRecord>
          rowKey={(record) => String(record.id)}
          size="middle"
          columns={columns}
          dataSource={nestRows(entity, rows, children)}
          loading={loading}
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
          pagination={listPagination(page, pageSize, total, pageSizes)}
          onChange={(pagination, _filters, sorter) => onTableChange(pagination, sorter)}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      )}
      <RecordDetail entity={entity} id={detailId} onClose={() => setDetailId(undefined)} />
      {formTakesScreen(entity, form) ? null : formNode}
    </Card>
  );
}
