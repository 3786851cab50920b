/**
 * The `list-page` renderer: query form, toolbar, server-paged table and the add/edit form, all from one entity
 * schema. Data, dictionaries and permissions come from the services context; buttons the user may not use are
 * not shown (the server enforces the same permission codes).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Key } from 'react';
import { App, Button, Card, Skeleton, Space, Table } from 'antd';
import type { TablePaginationConfig, TableProps } from 'antd';
import { permissionCode } from '../../src/contracts/index.ts';
import type { WireRecord } from '../../src/contracts/index.ts';
import { listDictCodes } from '../../src/engine/fields.ts';
import { buildFilters, defaultSort, queryValuesFromSearch, resolveSort } from '../../src/engine/list-query.ts';
import type { QueryValues } from '../../src/engine/list-query.ts';
import { RenderNode } from '../../src/engine/render-node.tsx';
import { useDictionaries, useServices } from '../../src/engine/services.tsx';
import type { ListSort, RecordId } from '../../src/providers/data.ts';
import type { EntityFormProps } from '../form/types.ts';
import { RendererTypes } from '../node-types.ts';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import { buildColumns } from './columns.tsx';
import { QueryForm } from './QueryForm.tsx';
import type { ListPageProps } from './types.ts';

const DEFAULT_PAGE_SIZES = [10, 20, 30];

type TableSorter = Parameters<NonNullable<TableProps<WireRecord>['onChange']>>[2];

type FormState = { open: false } | { open: true; mode: 'add' } | { open: true; mode: 'edit'; id: RecordId };

export default function ListPage(props: ListPageProps) {
  return (
    <RendererRoot>
      <ListPageBody {...props} />
    </RendererRoot>
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An expired session already has the shell's 登录已过期 dialog; a second toast would only repeat it. */
function isSessionExpired(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 401;
}

function ListPageBody({ entity, search }: ListPageProps) {
  const { data, dicts, access } = useServices();
  const { message, modal } = App.useApp();
  const pageSizes = entity.list.pageSizes?.length ? entity.list.pageSizes : DEFAULT_PAGE_SIZES;

  const initialQuery = useMemo(() => queryValuesFromSearch(entity, new URLSearchParams(search ?? '')), [entity, search]);
  const [query, setQuery] = useState<QueryValues>(initialQuery);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const [sort, setSort] = useState<ListSort | undefined>(() => defaultSort(entity));
  const [reloadTick, setReloadTick] = useState(0);
  const [rows, setRows] = useState<WireRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  // Until the first answer there is nothing true to show: no "暂无数据" row that is about to be replaced.
  const [answeredOnce, setAnsweredOnce] = useState(false);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [form, setForm] = useState<FormState>({ open: false });
  // Changes when dictionaries missing from the cache arrive, so cells translate again.
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
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !isSessionExpired(error)) message.error(errorText(error));
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        setLoading(false);
        setAnsweredOnce(true);
      });
    return () => controller.abort();
  }, [data, entity, query, page, pageSize, sort, reloadTick, message]);

  const reload = useCallback(() => setReloadTick((tick) => tick + 1), []);

  const remove = useCallback(
    async (ids: RecordId[]) => {
      try {
        const result = await data.deleteMany(entity.api, ids);
        message.success(result.message || '删除成功!');
        setSelectedKeys((keys) => keys.filter((key) => !ids.includes(key as RecordId)));
        // Step back when the last rows of the last page were removed.
        if (ids.length >= rows.length && page > 1) setPage(page - 1);
        else reload();
      } catch (error: unknown) {
        message.error(errorText(error));
      }
    },
    [data, entity.api, message, page, reload, rows.length],
  );

  function confirmBatchDelete() {
    const ids = selectedKeys.map((key) => key as RecordId);
    modal.confirm({
      title: '确认删除',
      content: `确定删除选中的 ${ids.length} 条记录吗?`,
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
        canDelete,
        onEdit: (record) => setForm({ open: true, mode: 'edit', id: record.id as RecordId }),
        onDelete: (record) => void remove([record.id as RecordId]),
      }),
    // dictVersion: re-translate cells once late dictionaries arrive.
    [entity, sort, dicts, dictVersion, canEdit, canDelete, remove],
  );

  function onTableChange(pagination: TablePaginationConfig, sorter: TableSorter) {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof single?.field === 'string' ? single.field : undefined;
    const order = single?.order === 'ascend' ? 'asc' : single?.order === 'descend' ? 'desc' : undefined;
    const nextSort = resolveSort(entity, field, order);
    const sortChanged = nextSort?.field !== sort?.field || nextSort?.order !== sort?.order;
    const nextSize = pagination.pageSize ?? pageSize;
    setSort(nextSort);
    setPageSize(nextSize);
    setPage(sortChanged || nextSize !== pageSize ? 1 : (pagination.current ?? 1));
  }

  return (
    <Card variant="borderless">
      <QueryForm
        entity={entity}
        initialValues={initialQuery}
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
          <Button disabled={selectedKeys.length === 0} onClick={confirmBatchDelete}>
            批量删除
          </Button>
        ) : null}
        {selectedKeys.length > 0 ? <span>已选择 {selectedKeys.length} 项</span> : null}
      </Space>
      {answeredOnce ? (
        <Table<WireRecord>
          rowKey={(record) => String(record.id)}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={loading}
          scroll={{ x: 'max-content' }}
          rowSelection={{ selectedRowKeys: selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
          pagination={{
            current: page,
            pageSize,
            total,
            pageSizeOptions: pageSizes.map(String),
            showQuickJumper: true,
            showSizeChanger: true,
            showTotal: (count) => `共 ${count} 条`,
          }}
          onChange={(pagination, _filters, sorter) => onTableChange(pagination, sorter)}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      )}
      {form.open ? (
        <RenderNode<EntityFormProps>
          type={RendererTypes.form}
          fallback={null}
          props={{
            entity,
            mode: form.mode,
            recordId: form.mode === 'edit' ? form.id : undefined,
            open: true,
            onClose: () => setForm({ open: false }),
            onSaved: (text) => {
              message.success(text || '操作成功');
              setForm({ open: false });
              reload();
            },
          }}
        />
      ) : null}
    </Card>
  );
}
