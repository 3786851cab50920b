/**
 * The `list-page` renderer: query form, toolbar, server-paged table and the add/edit form, all from one entity
 * schema. Data, dictionaries and permissions come from the services context; buttons the user may not use are
 * not shown, or shown disabled under a type-2 rule (the server enforces the same permission codes). Filters,
 * page, page size and sort live in the route's query string, so back/forward and links restore them.
 */
import { useCallback, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { App, Button, Card, Flex, Skeleton, Space, Table } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { permissionCode } from '../../src/contracts/index.ts';
import type { WireRecord } from '../../src/contracts/index.ts';
import { listColumns, listDictCodes } from '../../src/engine/fields.ts';
import { buildFilters, rowKeyOf } from '../../src/engine/list-query.ts';
import { listStateFromSearch, listStateKey, listStateToSearch, pageSizesOf } from '../../src/engine/list-url.ts';
import type { ListState } from '../../src/engine/list-url.ts';
import { useDictionaries, useServices } from '../../src/engine/services.tsx';
import type { ListFilter, RecordId, Scalar } from '../../src/providers/data.ts';
import { controlState, visibleColumns } from '../../src/providers/access.ts';
import { toastFailure } from '../../src/http/errors.ts';
import { RecordDetail, RecordForm, formTakesScreen, listPagination, type FormState } from './record-overlays.tsx';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import { buildColumns } from './columns.tsx';
import { ColumnSettings, useColumnVisibility } from './ColumnSettings.tsx';
import { QueryForm } from './QueryForm.tsx';
import { ExcelButtons } from './ExcelButtons.tsx';
import { nextTablePaging, type TableSorter } from './table-paging.ts';
import { OperationButtons, RowOperations, permittedOperations } from './operations.tsx';
import type { ListPageProps } from './types.ts';

export default function ListPage(props: ListPageProps) {
  return (
    <RendererRoot>
      <ListPageBody {...props} />
    </RendererRoot>
  );
}

/** A selected row: its table key (cut to 50 characters) and the whole id the server needs. */
interface Selected {
  key: string;
  id: RecordId;
}

function ListPageBody({ entity, search, onSearchChange, handleRef, fixedValues, onChanged }: ListPageProps) {
  const { data, dicts, access } = useServices();
  const { message, modal } = App.useApp();
  const pageSizes = pageSizesOf(entity);

  // The state is ours and mirrored into the URL; a URL that changes under us (back/forward, a link) is read
  // back. Only a different state is taken, so our own URL writes come back as no-ops and never loop.
  const [listState, setListState] = useState<ListState>(() => listStateFromSearch(entity, search ?? ''));
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== undefined && search !== seenSearch) {
    setSeenSearch(search);
    const fromUrl = listStateFromSearch(entity, search);
    if (listStateKey(entity, fromUrl) !== listStateKey(entity, listState)) setListState(fromUrl);
  }
  const { query, page, pageSize, sort } = listState;
  // Fixed values (a detail list's foreign key) by content, so a new object with the same values reloads nothing.
  const fixedKey = JSON.stringify(fixedValues ?? {});
  const fixedFilters = useMemo<ListFilter[]>(
    () => Object.entries(JSON.parse(fixedKey) as Record<string, Scalar>).map(([field, value]) => ({ field, op: 'eq' as const, value })),
    [fixedKey],
  );
  const filtersOf = useCallback((values: typeof query) => [...buildFilters(entity, values), ...fixedFilters], [entity, fixedFilters]);
  const changeList = useCallback(
    (next: ListState, how: 'push' | 'replace' = 'push') => {
      setListState(next);
      const nextSearch = listStateToSearch(entity, next, search ?? '');
      if (onSearchChange && nextSearch !== (search ?? '')) onSearchChange(nextSearch, how);
    },
    [entity, search, onSearchChange],
  );
  const [reloadTick, setReloadTick] = useState(0);
  const [rows, setRows] = useState<WireRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  // Until the first answer there is nothing true to show: no "暂无数据" row that is about to be replaced.
  const [answeredOnce, setAnsweredOnce] = useState(false);
  const [selection, setSelection] = useState<Selected[]>([]);
  const selectedKeys = selection.map((item) => item.key);
  const selectedIds = selection.map((item) => item.id);
  const [form, setForm] = useState<FormState>({ open: false });
  const [detailId, setDetailId] = useState<RecordId>();
  useImperativeHandle(handleRef, () => ({ view: (record) => record.id !== undefined && setDetailId(record.id as RecordId) }), []);
  // Changes when dictionaries missing from the cache arrive, so cells translate again.
  const dictVersion = useDictionaries(listDictCodes(entity));

  const addState = controlState(access, permissionCode(entity, 'add'));
  const editState = controlState(access, permissionCode(entity, 'edit'));
  const deleteState = controlState(access, permissionCode(entity, 'delete'));
  const canAdd = addState !== 'hidden';
  const canEdit = editState !== 'hidden';
  const canDelete = deleteState !== 'hidden';

  // Column rules (`<prefix>:<field>`) decide which columns exist; 列设置 hides some of those.
  const permittedColumns = useMemo(
    () => visibleColumns(access, `${entity.permissionPrefix}:`, listColumns(entity), (column) => column.field),
    [access, entity],
  );
  const columnVisibility = useColumnVisibility(entity.name);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    data
      .getList(entity.api, { page, pageSize, sort, filters: filtersOf(query) }, controller.signal)
      .then((result) => {
        setRows(result.records);
        setTotal(result.total);
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
  }, [data, entity, query, page, pageSize, sort, reloadTick, message, filtersOf]);

  const reload = useCallback(() => setReloadTick((tick) => tick + 1), []);
  // After a write: this list reads again, and so does a master list showing totals of these rows (a panel's host).
  const written = useCallback(() => {
    reload();
    onChanged?.();
  }, [reload, onChanged]);

  const remove = useCallback(
    async (ids: RecordId[]) => {
      try {
        const result = await data.deleteMany(entity.api, ids);
        message.success(result.message || '删除成功!');
        setSelection((items) => items.filter((item) => !ids.includes(item.id)));
        // Step back when the last rows of the last page were removed (the page left no longer exists).
        if (ids.length >= rows.length && listState.page > 1) changeList({ ...listState, page: listState.page - 1 }, 'replace');
        else reload();
        onChanged?.();
      } catch (error: unknown) {
        toastFailure(message, error);
      }
    },
    [data, entity.api, message, listState, changeList, reload, rows.length, onChanged],
  );

  function confirmBatchDelete() {
    const ids = selectedIds;
    modal.confirm({
      title: '确认删除',
      content: `确定要删除这 ${ids.length} 项吗?`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => remove(ids),
    });
  }

  const columns = useMemo(
    () =>
      buildColumns({
        entity,
        sort,
        lookup: dicts.text,
        canEdit,
        seesMaskedInFull: access.can(permissionCode(entity, 'edit')),
        canDelete,
        editDisabled: editState === 'disabled',
        deleteDisabled: deleteState === 'disabled',
        isVisible: (field) => permittedColumns.some((column) => column.field === field) && !columnVisibility.hidden.has(field),
        onEdit: (record) => setForm({ open: true, mode: 'edit', id: record.id as RecordId }),
        onDelete: (record) => void remove([record.id as RecordId]),
        onDetail: entity.detail ? (record) => setDetailId(record.id as RecordId) : undefined,
        operationActions:
          permittedOperations(entity, access, 'row').length > 0
            ? (record) => <RowOperations entity={entity} record={record} onDone={written} />
            : undefined,
      }),
    // dictVersion: re-translate cells once late dictionaries arrive.
    [entity, sort, dicts, dictVersion, editState, deleteState, canEdit, canDelete, permittedColumns, columnVisibility.hidden, remove, access, written],
  );

  function onTableChange(pagination: TablePaginationConfig, sorter: TableSorter) {
    changeList({ query, ...nextTablePaging(entity, { page, pageSize, sort }, pagination, sorter) });
  }

  const formNode = (
    <RecordForm
      entity={entity}
      form={form}
      onClose={() => setForm({ open: false })}
      onSaved={() => {
        setForm({ open: false });
        written();
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
          changeList({ ...listState, query: values, page: 1 });
          // The same filters again still mean "ask the server again".
          reload();
        }}
      />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Space wrap>
          {canAdd ? (
            <Button type="primary" disabled={addState === 'disabled'} onClick={() => setForm({ open: true, mode: 'add', initialValues: fixedValues })}>
              新增
            </Button>
          ) : null}
          {canDelete ? (
            <Button disabled={selectedKeys.length === 0 || deleteState === 'disabled'} onClick={confirmBatchDelete}>
              批量删除
            </Button>
          ) : null}
          <ExcelButtons
            entity={entity}
            query={{ sort, filters: filtersOf(query) }}
            selected={selectedIds}
            onImported={written}
          />
          <OperationButtons entity={entity} selected={selectedIds} onDone={() => { setSelection([]); written(); }} />
          {selectedKeys.length > 0 ? <span>已选择 {selectedKeys.length} 项</span> : null}
        </Space>
        <ColumnSettings
          columns={permittedColumns.map((column) => ({ field: column.field, title: column.def?.label ?? column.field }))}
          visibility={columnVisibility}
        />
      </Flex>
      {answeredOnce ? (
        <Table<WireRecord>
          rowKey={rowKeyOf}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={loading}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selectedKeys,
            // Rows picked on other pages stay picked (and antd keeps their records for us).
            preserveSelectedRowKeys: true,
            onChange: (_keys, picked) =>
              setSelection(picked.filter(Boolean).map((record) => ({ key: rowKeyOf(record), id: record.id as RecordId }))),
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
