/**
 * `editable-list`: an entity list edited in place (schema `list.inlineEdit`). The query form and server paging are
 * the list page's; the rows sit in the editable grid, whose cells users holding `<prefix>:edit` may change. 保存
 * checks every row with the fields' own rules, then sends each changed row to the entity's edit endpoint (one
 * request per row: a refused row does not hold the others back) and marks the rows the server refused with its
 * message. Rows saved on other pages arrive live (socketKey = entity name) and flash. 导出/导入 are the list page's.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Flex, Pagination, Skeleton, Space } from 'antd';
import { permissionCode } from '../../src/contracts/index.ts';
import type { WireRecord } from '../../src/contracts/index.ts';
import { listColumns } from '../../src/engine/fields.ts';
import { useListController } from '../../src/engine/list-controller.ts';
import { useServices } from '../../src/engine/services.tsx';
import { controlState, visibleColumns } from '../../src/providers/access.ts';
import { isHttpError, toastFailure } from '../../src/http/errors.ts';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import { QueryForm } from '../list-page/QueryForm.tsx';
import { ExcelButtons } from '../list-page/ExcelButtons.tsx';
import { RecordForm, type FormState } from '../list-page/record-overlays.tsx';
import type { ListPageProps } from '../list-page/types.ts';
import EditableTable from '../editable-table/EditableTable.tsx';
import { fieldHandlers } from '../editable-table/from-entity.ts';
import type { EditableTableHandle } from '../editable-table/types.ts';
import type { GridRow } from '../editable-table/rows.ts';
import { changedValues, inlineColumns, inlineEditKeys } from './inline-columns.ts';

export default function EditableList(props: ListPageProps) {
  return (
    <RendererRoot>
      <EditableListBody {...props} />
    </RendererRoot>
  );
}

type CellMark = { id: string; key: string; message: string };

function EditableListBody({ entity, search, onSearchChange }: ListPageProps) {
  const { data, access, live } = useServices();
  const { message, modal } = App.useApp();
  const [dirty, setDirty] = useState(0);
  // What the server last said about each row shown: the save sends only what differs from it.
  const saved = useRef(new Map<string, Record<string, unknown>>());
  const list = useListController(entity, {
    search,
    onSearchChange,
    onLoaded: (result) => {
      saved.current = new Map(result.records.map((record) => [String(record.id), { ...record }]));
      setDirty(0);
    },
    onError: (error) => toastFailure(message, error),
  });
  const { page, pageSize } = list.state;
  // The grid's rows (ids as strings), once a read has succeeded; until then a skeleton.
  const rows = useMemo<GridRow[] | undefined>(
    () => (list.loaded ? list.rows.map((record: WireRecord) => ({ ...record, id: String(record.id) })) : undefined),
    [list.loaded, list.rows],
  );

  const editState = controlState(access, permissionCode(entity, 'edit'));
  const addState = controlState(access, permissionCode(entity, 'add'));
  const permitted = useMemo(() => visibleColumns(access, `${entity.permissionPrefix}:`, listColumns(entity), (c) => c.field), [access, entity]);
  const columns = useMemo(() => inlineColumns(entity, permitted), [entity, permitted]);
  const editableKeys = useMemo(() => inlineEditKeys(entity, permitted.map((c) => c.field)), [entity, permitted]);
  const handlers = useMemo(() => fieldHandlers(entity), [entity]);

  const [saving, setSaving] = useState(false);
  const [form, setForm] = useState<FormState>({ open: false });
  const grid = useRef<EditableTableHandle | null>(null);

  const countChanged = useCallback(
    (all: readonly Record<string, unknown>[]) => all.filter((row) => Object.keys(changedValues(entity, editableKeys, saved.current.get(String(row.id)), row)).length > 0).length,
    [entity, editableKeys],
  );

  // Rows other pages saved are now what the server holds: later saves compare with them, not with the load.
  useEffect(() => {
    if (!live) return undefined;
    const apply = (rows: Array<Record<string, unknown>>) => {
      let known = false;
      for (const row of rows) {
        const id = String(row.id);
        const before = saved.current.get(id);
        if (!before) continue;
        saved.current.set(id, { ...before, ...row });
        known = true;
      }
      // Counted once per frame, however many rows it carries.
      if (known && grid.current) setDirty(countChanged(grid.current.getValues()));
    };
    return live.subscribe(entity.name, `list-${entity.name}-${Math.random().toString(36).slice(2, 8)}`, (row) => apply([row]), apply);
  }, [live, entity.name, countChanged]);
  const onGridChange = useCallback((all: readonly GridRow[]) => setDirty(countChanged(all)), [countChanged]);

  /** Leaving the page or the filters drops unsaved edits: ask first. */
  const leave = (go: () => void) => {
    if (dirty === 0) go();
    else modal.confirm({ title: '放弃修改', content: `有 ${dirty} 行修改尚未保存，确定放弃吗?`, okText: '确定', cancelText: '取消', onOk: go });
  };

  async function save() {
    const handle = grid.current;
    if (!handle) return;
    const errors = await handle.validate();
    if (errors.length > 0) {
      message.error(`第${errors[0].rowIndex + 1}行：${errors[0].message}`);
      return;
    }
    const values = handle.getValues();
    const changes = values
      .map((row, index) => ({ index, id: String(row.id), values: changedValues(entity, editableKeys, saved.current.get(String(row.id)), row) }))
      .filter((change) => Object.keys(change.values).length > 0);
    if (changes.length === 0) {
      message.info('没有需要保存的修改');
      return;
    }
    setSaving(true);
    const marks: CellMark[] = [];
    let okCount = 0;
    let okMessage = '';
    for (const change of changes) {
      try {
        const result = await data.update(entity.api, change.id, change.values);
        okCount += 1;
        okMessage = result.message;
        saved.current.set(change.id, { ...saved.current.get(change.id), ...change.values });
      } catch (error: unknown) {
        const text = error instanceof Error ? error.message : String(error);
        const fieldErrors = isHttpError(error) ? (error.fieldErrors ?? []) : [];
        const onCells = fieldErrors.filter((e) => columns.some((c) => c.key === e.field));
        if (onCells.length > 0) marks.push(...onCells.map((e) => ({ id: change.id, key: e.field, message: e.message })));
        else marks.push({ id: change.id, key: Object.keys(change.values)[0], message: text });
        toastFailure(message, error, `第${change.index + 1}行：${text}`);
      }
    }
    handle.markErrors(marks);
    setSaving(false);
    setDirty(countChanged(handle.getValues()));
    if (okCount > 0) message.success(okCount === 1 ? okMessage || '保存成功' : `${okMessage || '保存成功'}（${okCount} 行）`);
  }

  return (
    <Card variant="borderless">
      <QueryForm entity={entity} initialValues={list.state.query} onSearch={(values) => leave(() => list.search(values))} />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Space wrap>
          {addState !== 'hidden' ? (
            <Button disabled={addState === 'disabled'} onClick={() => setForm({ open: true, mode: 'add' })}>
              新增
            </Button>
          ) : null}
          {editState !== 'hidden' ? (
            <Button type="primary" loading={saving} disabled={editState === 'disabled'} onClick={() => void save()}>
              保存
            </Button>
          ) : null}
          {/* A rate card lives in spreadsheets too: the list page's 导出/导入, each under its own permission. */}
          <ExcelButtons entity={entity} query={list.criteria} selected={[]} onImported={list.reload} />
          {dirty > 0 ? <span>{dirty} 行已修改</span> : null}
        </Space>
      </Flex>
      {rows ? (
        <EditableTable
          columns={columns}
          rows={rows}
          handlers={handlers}
          onChange={onGridChange}
          rowNumber
          toolbar={false}
          size="small"
          height={(Math.min(Math.max(rows.length, 4), 12) + 1) * 36 + 8}
          disabled={editState !== 'enabled'}
          socketKey={entity.name}
          reloadEffect
          handleRef={grid}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      )}
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Pagination
          current={page}
          pageSize={pageSize}
          total={list.total}
          pageSizeOptions={list.pageSizes.map(String)}
          showSizeChanger
          showQuickJumper
          showTotal={(count) => `共 ${count} 条`}
          onChange={(nextPage, nextSize) => leave(() => list.turn({ sort: list.state.sort, page: nextSize !== pageSize ? 1 : nextPage, pageSize: nextSize }))}
        />
      </Flex>
      <RecordForm
        entity={entity}
        form={form}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          list.reload();
        }}
      />
    </Card>
  );
}
