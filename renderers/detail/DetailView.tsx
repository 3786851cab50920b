/**
 * The `detail` renderer: one record as an antd description list, laid out by the entity's `detail` section
 * (1–4 columns, optional titled groups). Values read as they do in lists: dictionary text, money, dates, images
 * as thumbnails, files as download links, rich text as its sanitised rendering. The record is read again with
 * queryById, so the server decides what this user may see (masked values for people without edit rights).
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Descriptions, Modal, Spin } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { EntitySchema, FormPart, WireRecord } from '../../src/contracts/index.ts';
import { fieldDef, fieldLabel, preloadedDict } from '../../src/engine/fields.ts';
import { formatValue } from '../../src/engine/format.ts';
import { useDictionaries, useServices } from '../../src/engine/services.tsx';
import type { DictLookup } from '../../src/engine/cells.ts';
import { fieldTypeView } from '../../field-types/renderers-view.ts';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import type { DetailViewProps } from './types.ts';

const WIDTH_BY_COLUMNS = [0, 520, 760, 960, 1200];

export default function DetailView(props: DetailViewProps) {
  return (
    <RendererRoot>
      <DetailModal {...props} />
    </RendererRoot>
  );
}

/** What one field of the record shows in the detail view. */
export function detailValue(entity: EntitySchema, field: string, record: WireRecord, lookup: DictLookup): ReactNode {
  const def = fieldDef(entity, field);
  const value = record[field];
  // A type with a display of its own (pictures, links, rendered HTML) shows it, before any dictionary.
  const display = def ? fieldTypeView(def.type).display : undefined;
  if (def && display) return display(value, def, record);
  if (def?.dict) {
    const translated = record[`${field}_dictText`];
    if (typeof translated === 'string' && translated !== '') return translated;
    if (value === null || value === undefined || value === '') return '';
    return String(value).split(',').map((v) => lookup(def.dict!, v) ?? v).join(',');
  }
  return formatValue(def, value);
}

function wideInDetail(entity: EntitySchema, field: string): boolean {
  const def = fieldDef(entity, field);
  return def ? fieldTypeView(def.type).wideInDetail === true : false;
}

/** The groups to draw: the declared ones, with fields no group names first (untitled). */
export function detailParts(entity: EntitySchema): FormPart[] {
  const fields = entity.detail?.fields ?? entity.form.fields;
  const groups = entity.detail?.groups ?? [];
  const grouped = new Set(groups.flatMap((group) => group.fields));
  const loose = fields.filter((field) => !grouped.has(field));
  return [...(loose.length > 0 ? [{ title: '', fields: loose }] : []), ...groups];
}

function DetailModal({ entity, recordId, open, onClose }: DetailViewProps) {
  const { data, dicts } = useServices();
  const [record, setRecord] = useState<WireRecord>();
  const [error, setError] = useState<string>();
  const columns = entity.detail?.columns ?? 2;
  const parts = detailParts(entity);
  // Not table dictionaries: the record brings their texts, and their items may be refused to the caller.
  const codes = parts.flatMap((part) => part.fields.flatMap((field) => preloadedDict(fieldDef(entity, field))));
  useDictionaries(codes);

  useEffect(() => {
    let live = true;
    data
      .getOne(entity.api, recordId)
      .then((loaded) => live && setRecord(loaded))
      .catch((failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)));
    return () => {
      live = false;
    };
  }, [data, entity.api, recordId]);

  return (
    <Modal
      title={`${entity.title}详情`}
      open={open}
      width={WIDTH_BY_COLUMNS[columns]}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {error ? (
        <Alert type="error" showIcon title="读取记录失败" description={error} />
      ) : !record ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : (
        parts.map((part) => {
          const items: DescriptionsProps['items'] = part.fields.map((field) => ({
            key: field,
            label: fieldLabel(entity, field),
            children: detailValue(entity, field, record, dicts.text),
            // Long text and rich text read better across the whole row.
            span: wideInDetail(entity, field) ? 'filled' : 1,
          }));
          return (
            <Descriptions
              key={part.title || '__main'}
              title={part.title || undefined}
              bordered
              size="small"
              column={columns}
              items={items}
              style={{ marginBottom: 16 }}
            />
          );
        })
      )}
    </Modal>
  );
}
