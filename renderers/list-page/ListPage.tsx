/**
 * The `list-page` renderer: query form, toolbar, server-paged table and the add/edit form, all from one entity
 * schema. Data, dictionaries and permissions come from the services context; buttons the user may not use are
 * not shown, or shown disabled under a type-2 rule (the server enforces the same permission codes). Filters,
 * page, page size and sort are the list controller's (engine/list-controller.ts), kept in the route's query string.
 */
import { useCallback, useMemo, useState } from 'react';
import { App, Button, Card, Flex, Skeleton, Space, Table } from 'antd';
import { permissionCode } from '../../src/contracts/index.ts';
import type { WireRecord } from '../../src/contracts/index.ts';
import { listColumns, listDictCodes } from '../../src/engine/fields.ts';
import { useListController } from '../../src/engine/list-controller.ts';
import { rowKeyOf } from '../../src/engine/list-query.ts';
import { useDictionaries, useServices } from '../../src/engine/services.tsx';
import type { RecordId } from '../../src/providers/data.ts';
import { controlState, visibleColumns } from '../../src/providers/access.ts';
import { toastFailure } from '../../src/http/errors.ts';
import { useRecordOverlays } from './record-overlays.tsx';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import { buildColumns } from './columns.tsx';
import { ColumnSettings, useColumnVisibility } from './ColumnSettings.tsx';
import { QueryForm } from './QueryForm.tsx';
import { ExcelButtons } from './ExcelButtons.tsx';
import { tablePaging } from './table-paging.ts';
import { CAPABILITY_TOOLBAR_BUTTONS, capabilityRowActions } from '../../capabilities/renderers.ts';
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
  const list = useListController(entity, { search, onSearchChange, fixedValues, onError: (error) => toastFailure(message, error) });
  const { state, rows, reload } = list;
  const [selection, setSelection] = useState<Selected[]>([]);
  const selectedKeys = selection.map((item) => item.key);
  const selectedIds = selection.map((item) => item.id);
  // After a write: this list reads again, and so does a master list showing totals of these rows (a panel's host).
  const written = useCallback(() => {
    reload();
    onChanged?.();
  }, [reload, onChanged]);
  const overlays = useRecordOverlays(entity, handleRef, written);
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

  const { change } = list;
  const remove = useCallback(
    async (ids: RecordId[]) => {
      try {
        const result = await data.deleteMany(entity.api, ids);
        message.success(result.message || '删除成功!');
        setSelection((items) => items.filter((item) => !ids.includes(item.id)));
        // Step back when the last rows of the last page were removed (the page left no longer exists).
        if (ids.length >= rows.length && state.page > 1) change({ ...state, page: state.page - 1 }, 'replace');
        else reload();
        onChanged?.();
      } catch (error: unknown) {
        toastFailure(message, error);
      }
    },
    [data, entity.api, message, state, change, reload, rows.length, onChanged],
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

  const { openForm, rowActions } = overlays;
  const sort = state.sort;
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
        ...rowActions,
        onDelete: (record) => void remove([record.id as RecordId]),
        operationActions: capabilityRowActions(entity, access, written),
      }),
    // dictVersion: re-translate cells once late dictionaries arrive.
    [entity, sort, dicts, dictVersion, editState, deleteState, canEdit, canDelete, permittedColumns, columnVisibility.hidden, remove, access, written, rowActions],
  );

  if (overlays.screen) return overlays.screen;

  return (
    <Card variant="borderless">
      <QueryForm entity={entity} initialValues={state.query} onSearch={list.search} />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Space wrap>
          {canAdd ? (
            <Button type="primary" disabled={addState === 'disabled'} onClick={() => openForm({ open: true, mode: 'add', initialValues: fixedValues })}>
              新增
            </Button>
          ) : null}
          {canDelete ? (
            <Button disabled={selectedKeys.length === 0 || deleteState === 'disabled'} onClick={confirmBatchDelete}>
              批量删除
            </Button>
          ) : null}
          <ExcelButtons entity={entity} query={list.criteria} selected={selectedIds} onImported={written} />
          {CAPABILITY_TOOLBAR_BUTTONS.map((Buttons, index) => (
            <Buttons key={index} entity={entity} selected={selectedIds} onDone={() => { setSelection([]); written(); }} />
          ))}
          {selectedKeys.length > 0 ? <span>已选择 {selectedKeys.length} 项</span> : null}
        </Space>
        <ColumnSettings
          columns={permittedColumns.map((column) => ({ field: column.field, title: column.def?.label ?? column.field }))}
          visibility={columnVisibility}
        />
      </Flex>
      {list.answered ? (
        <Table<WireRecord>
          rowKey={rowKeyOf}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.loading}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selectedKeys,
            // Rows picked on other pages stay picked (and antd keeps their records for us).
            preserveSelectedRowKeys: true,
            onChange: (_keys, picked) =>
              setSelection(picked.filter(Boolean).map((record) => ({ key: rowKeyOf(record), id: record.id as RecordId }))),
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
