/**
 * The list's query form, built from `list.query`: text for like fields, a dictionary select for dict fields, and
 * for ranges a pair of numbers, or the input the field type's renderer part asks for (a date range picker for
 * dates, fixed choices such as 是/否). It reports plain values
 * (dates as YYYY-MM-DD) so the engine can turn them into filters. The first items show; the rest (and any marked
 * `hidden`) wait behind 展开/收起 but stay mounted, so their values keep filtering while collapsed. A dictionary
 * field fed by an entity the caller may not list is left out (engine/fields.ts `mayPickFrom`).
 */
import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { permissionCode, type EntitySchema } from '../../src/contracts/index.ts';
import { onlyMaskedFor } from '../../src/contracts/field-visibility.ts';
import { mayPickFrom, queryFields } from '../../src/engine/fields.ts';
import type { QueryField } from '../../src/engine/fields.ts';
import type { QueryValues, RangeValue } from '../../src/engine/list-query.ts';
import { useDictItems, useServices } from '../../src/engine/services.tsx';
import { fieldTypeView } from '../../field-types/renderers-view.ts';
import type { FieldTypeQueryInput } from '../../field-types/renderer-part.ts';

type FormValues = Record<string, unknown>;

const DATE_FORMAT = 'YYYY-MM-DD';
const beginName = (field: string) => `${field}__begin`;
const endName = (field: string) => `${field}__end`;

/** The input the field's type asks for in the query form, if not the default (renderer-part.ts). */
function queryInputOf(query: QueryField): FieldTypeQueryInput | undefined {
  return fieldTypeView(query.def.type).queryInput;
}

function isDateField(query: QueryField): boolean {
  return queryInputOf(query)?.range === 'date';
}

export function toFormValues(entity: EntitySchema, values: QueryValues): FormValues {
  const out: FormValues = {};
  for (const query of queryFields(entity)) {
    const value = values[query.field];
    if (value === undefined || value === null) continue;
    if (query.mode !== 'range') {
      out[query.field] = value;
    } else if (Array.isArray(value)) {
      const [begin, end] = value;
      if (isDateField(query)) {
        const range = [begin, end].map((v) => (v === undefined || v === '' ? null : dayjs(String(v))));
        out[query.field] = range.map((d) => (d && d.isValid() ? d : null));
      } else {
        out[beginName(query.field)] = toNumber(begin);
        out[endName(query.field)] = toNumber(end);
      }
    }
  }
  return out;
}

export function fromFormValues(entity: EntitySchema, values: FormValues): QueryValues {
  const out: QueryValues = {};
  for (const query of queryFields(entity)) {
    if (query.mode !== 'range') {
      const value = values[query.field];
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[query.field] = value;
      continue;
    }
    const range: RangeValue = isDateField(query)
      ? dateRange(values[query.field])
      : [toNumber(values[beginName(query.field)]), toNumber(values[endName(query.field)])];
    if (range[0] !== undefined || range[1] !== undefined) out[query.field] = range;
  }
  return out;
}

function dateRange(value: unknown): RangeValue {
  if (!Array.isArray(value)) return [undefined, undefined];
  const format = (d: unknown) => (dayjs.isDayjs(d) && d.isValid() ? d.format(DATE_FORMAT) : undefined);
  return [format(value[0]), format(value[1])];
}

function toNumber(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function DictQuerySelect(props: { dictCode: string; placeholder: string; value?: string; onChange?: (v?: string) => void; id?: string }) {
  const items = useDictItems(props.dictCode);
  return (
    <Select
      id={props.id}
      allowClear
      placeholder={props.placeholder}
      value={props.value}
      onChange={(value: string | undefined) => props.onChange?.(value)}
      options={items.map((item) => ({ value: item.value, label: item.text }))}
    />
  );
}

/**
 * A query field's label, cut with an ellipsis past eight characters (the whole text on hover and for screen
 * readers): a long label such as 统一社会信用代码/身份证号 would otherwise squeeze its input to a sliver.
 */
function QueryLabel({ text }: { text: string }) {
  return (
    <span title={text} style={{ display: 'inline-block', maxWidth: '8em', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle' }}>
      {text}
    </span>
  );
}

function QueryInput({ query }: { query: QueryField }) {
  const { field, mode, def } = query;
  if (mode === 'range' && isDateField(query)) {
    return (
      <Form.Item name={field} label={<QueryLabel text={def.label} />}>
        <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />
      </Form.Item>
    );
  }
  if (mode === 'range') {
    return (
      <Form.Item label={<QueryLabel text={def.label} />}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name={beginName(field)} noStyle>
            <InputNumber style={{ width: '50%' }} placeholder="最小值" aria-label={`${def.label}最小值`} />
          </Form.Item>
          <Form.Item name={endName(field)} noStyle>
            <InputNumber style={{ width: '50%' }} placeholder="最大值" aria-label={`${def.label}最大值`} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  }
  if (def.dict) {
    return (
      <Form.Item name={field} label={<QueryLabel text={def.label} />}>
        <DictQuerySelect dictCode={def.dict} placeholder={`请选择${def.label}`} />
      </Form.Item>
    );
  }
  const options = queryInputOf(query)?.options;
  if (options) {
    return (
      <Form.Item name={field} label={<QueryLabel text={def.label} />}>
        <Select allowClear placeholder={`请选择${def.label}`} options={options.map((option) => ({ ...option }))} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name={field} label={<QueryLabel text={def.label} />}>
      <Input allowClear placeholder={`请输入${def.label}`} />
    </Form.Item>
  );
}

/** How many query items show before 展开 (JeecgBoot's generated lists show about three). */
export const VISIBLE_QUERY_ITEMS = 3;

/** Names of the query items that start collapsed: those marked `hidden`, and all past the first visible few. */
export function collapsedQueryFields(fields: readonly QueryField[]): Set<string> {
  const collapsed = new Set<string>();
  let shown = 0;
  for (const query of fields) {
    if (query.hidden || shown >= VISIBLE_QUERY_ITEMS) collapsed.add(query.field);
    else shown += 1;
  }
  return collapsed;
}

function hasValue(value: QueryValues[string]): boolean {
  if (Array.isArray(value)) return value.some((part) => part !== undefined && part !== '');
  return value !== undefined && value !== null && value !== '';
}

export interface QueryFormProps {
  entity: EntitySchema;
  /** The values the list is filtered by; the form follows them when they change later (back/forward). */
  initialValues: QueryValues;
  onSearch: (values: QueryValues) => void;
}

export function QueryForm({ entity, initialValues: values, onSearch }: QueryFormProps) {
  const [form] = Form.useForm<FormValues>();
  const { access, entities } = useServices();
  // A filter the caller cannot fill is not offered — unless a link already set it, so no filter is invisible.
  const mayEdit = access.can(permissionCode(entity, 'edit'));
  const fields = queryFields(entity).filter(
    (query) => hasValue(values[query.field]) || (mayPickFrom(query.def, access, entities) && !onlyMaskedFor(query.def, mayEdit)),
  );
  const collapsed = collapsedQueryFields(fields);
  // Open from the start when a collapsed item already filters (e.g. from a link), so no filter is invisible.
  const [expanded, setExpanded] = useState(() => fields.some((query) => collapsed.has(query.field) && hasValue(values[query.field])));
  const valuesKey = JSON.stringify(values);

  useEffect(() => {
    // Back/forward changed the applied values: show them, dropping unsent edits.
    const next: FormValues = {};
    for (const name of Object.keys(form.getFieldsValue(true) as FormValues)) next[name] = undefined;
    form.setFieldsValue({ ...next, ...toFormValues(entity, values) });
    // valuesKey stands for `values`, whose identity changes more often than its content.
  }, [form, entity, valuesKey]);

  if (fields.length === 0) return null;

  function reset() {
    // Reset clears everything, including values that came from the URL.
    const empty: FormValues = {};
    for (const name of Object.keys(form.getFieldsValue(true) as FormValues)) empty[name] = undefined;
    form.setFieldsValue(empty);
    onSearch({});
  }

  return (
    <Form
      form={form}
      name={`${entity.name}-query`}
      role="search"
      aria-label={`${entity.title}查询`}
      initialValues={toFormValues(entity, values)}
      onFinish={(values) => onSearch(fromFormValues(entity, values))}
      style={{ marginBottom: 8 }}
    >
      <Row gutter={16}>
        {fields.map((query) => (
          <Col
            key={query.field}
            xs={24}
            sm={12}
            md={8}
            xl={6}
            style={collapsed.has(query.field) && !expanded ? { display: 'none' } : undefined}
          >
            <QueryInput query={query} />
          </Col>
        ))}
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button onClick={reset}>重置</Button>
              {collapsed.size > 0 ? (
                <Button type="link" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)} style={{ paddingInline: 4 }}>
                  {expanded ? '收起' : '展开'}
                  {expanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
                </Button>
              ) : null}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
