/**
 * The line-item grids of a form (schema `children`): one editable table per child, loaded with the record's rows
 * on edit, checked with the child's field rules, and handed to the form's save as `<property>: rows`. A grid whose
 * rows could not be loaded offers no handle, so saving never sends (and so never replaces) rows it did not show.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import type { ChildTableDef, EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { childListPath } from '../../src/contracts/entity.ts';
import { useServices } from '../../src/engine/services.tsx';
import EditableTable from '../editable-table/EditableTable.tsx';
import { fieldHandlers, gridColumnsFor, wireRow } from '../editable-table/from-entity.ts';
import type { EditableTableHandle } from '../editable-table/types.ts';
import type { GridRow } from '../editable-table/rows.ts';

/** What the form's save asks of each loaded grid. */
export interface ChildTableHandle {
  def: ChildTableDef;
  validate(): Promise<string | undefined>;
  rows(): Array<Record<string, unknown>>;
}

export interface ChildTablesProps {
  entity: EntitySchema;
  recordId?: string | number;
  /** Receives the handles of the grids that are ready (loaded); called again as each becomes ready. */
  onHandles(handles: Map<string, ChildTableHandle>): void;
}

export function ChildTables({ entity, recordId, onHandles }: ChildTablesProps) {
  const [handles] = useState(() => new Map<string, ChildTableHandle>());
  const register = (property: string, handle: ChildTableHandle | undefined) => {
    if (handle) handles.set(property, handle);
    else handles.delete(property);
    onHandles(handles);
  };
  return (
    <>
      {(entity.children ?? []).map((def) => (
        <ChildTable key={def.property} parent={entity} def={def} recordId={recordId} register={register} />
      ))}
    </>
  );
}

function ChildTable({ parent, def, recordId, register }: { parent: EntitySchema; def: ChildTableDef; recordId?: string | number; register(property: string, handle: ChildTableHandle | undefined): void }) {
  const { entities, endpoints } = useServices();
  const [child, setChild] = useState<EntitySchema>();
  const [rows, setRows] = useState<GridRow[]>();
  const [error, setError] = useState<string>();
  const [grid, setGrid] = useState<EditableTableHandle | null>(null);

  useEffect(() => {
    let live = true;
    const load = async () => {
      const schema = await entities?.findByName(def.entity);
      if (!schema) throw new Error(`找不到明细表配置：${def.entity}`);
      let loaded: WireRecord[] = [];
      if (recordId !== undefined) {
        if (!endpoints) throw new Error('明细表需要接口服务');
        loaded = await endpoints.get<WireRecord[]>(`${parent.api}/${childListPath(def)}`, { id: String(recordId) });
      }
      if (!live) return;
      setChild(schema);
      setRows(loaded.map((row) => ({ ...row, id: String(row.id) })));
    };
    load().catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [entities, endpoints, parent.api, def, recordId]);

  const columns = useMemo(() => (child ? gridColumnsFor(child, def) : []), [child, def]);
  const handlers = useMemo(() => (child ? fieldHandlers(child) : {}), [child]);

  useEffect(() => {
    if (!grid || !child) return undefined;
    register(def.property, {
      def,
      async validate() {
        const errors = await grid.validate();
        return errors.length ? `${def.title}第${errors[0].rowIndex + 1}行：${errors[0].message}` : undefined;
      },
      rows: () => grid.getValues().map((row) => wireRow(child, row)),
    });
    return () => register(def.property, undefined);
  }, [grid, child, def]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section aria-label={def.title} style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{def.title}</Typography.Title>
      {error ? (
        <Alert type="error" showIcon title={`${def.title}读取失败`} description={error} />
      ) : !child || !rows ? (
        <Spin />
      ) : (
        <EditableTable
          columns={columns}
          rows={rows}
          handlers={handlers}
          rowNumber
          rowSelection
          dragSort={Boolean(def.sortField)}
          size="small"
          height={280}
          handleRef={setGrid}
        />
      )}
    </section>
  );
}
