/**
 * A report's query form from getQueryInfo: text, number, date and dictionary items, single values or
 * `_begin`/`_end` ranges (mode group). Items marked hidden wait behind 展开 (JeecgBoot shows the first two).
 */
import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { DictModel } from '../../src/contracts/index.ts';
import type { ReportParams, ReportQueryItem } from './report-client.ts';

export interface ReportQueryFormProps {
  items: ReportQueryItem[];
  dictOptions: Record<string, DictModel[]>;
  onSearch(values: ReportParams): void;
}

type FormValues = Record<string, unknown>;

function isDay(value: unknown): value is Dayjs {
  return typeof value === 'object' && value !== null && 'format' in value && typeof (value as Dayjs).format === 'function';
}

/** Form values → the getData parameters (`field`, or `field_begin`/`field_end`). */
export function queryParams(items: ReportQueryItem[], values: FormValues): ReportParams {
  const out: ReportParams = {};
  const text = (value: unknown, item: ReportQueryItem) =>
    isDay(value) ? value.format(item.view === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD') : value === null || value === undefined ? undefined : String(value).trim() || undefined;
  for (const item of items) {
    const value = values[item.field];
    if (item.mode === 'group') {
      const [begin, end] = Array.isArray(value) ? value : [values[`${item.field}_begin`], values[`${item.field}_end`]];
      out[`${item.field}_begin`] = text(begin, item);
      out[`${item.field}_end`] = text(end, item);
    } else out[item.field] = text(value, item);
  }
  return out;
}

/** One query input; Form.Item hands it `value` and `onChange`, which it passes on to the antd control. */
function Control({ item, options, ...bound }: { item: ReportQueryItem; options: DictModel[]; value?: unknown; onChange?: (value: unknown) => void }) {
  const placeholder = `请输入${item.label}`;
  const pass = bound as Record<string, never>;
  if (item.view === 'dict') {
    return <Select {...pass} allowClear aria-label={item.label} placeholder={`请选择${item.label}`} options={options.map((o) => ({ value: o.value, label: o.text }))} style={{ minWidth: 160 }} />;
  }
  if (item.view === 'date' || item.view === 'datetime') {
    return item.mode === 'group' ? (
      <DatePicker.RangePicker {...pass} aria-label={item.label} showTime={item.view === 'datetime'} />
    ) : (
      <DatePicker {...pass} aria-label={item.label} showTime={item.view === 'datetime'} />
    );
  }
  if (item.view === 'number') return <InputNumber {...pass} aria-label={item.label} placeholder={placeholder} />;
  return <Input {...pass} allowClear aria-label={item.label} placeholder={placeholder} />;
}

export function ReportQueryForm({ items, dictOptions, onSearch }: ReportQueryFormProps) {
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(false);
  if (items.length === 0) return null;
  const folded = items.some((item) => item.hidden === '1');
  const shown = expanded ? items : items.filter((item) => item.hidden !== '1');
  const search = () => onSearch(queryParams(items, form.getFieldsValue(true) as FormValues));

  return (
    <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={search}>
      {shown.map((item) =>
        item.mode === 'group' && item.view === 'number' ? (
          <Form.Item key={item.field} label={item.label}>
            <Space.Compact>
              <Form.Item name={`${item.field}_begin`} noStyle>
                <InputNumber aria-label={`${item.label}起`} placeholder="起" />
              </Form.Item>
              <Form.Item name={`${item.field}_end`} noStyle>
                <InputNumber aria-label={`${item.label}止`} placeholder="止" />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        ) : (
          <Form.Item key={item.field} name={item.field} label={item.label}>
            <Control item={item} options={dictOptions[item.field] ?? []} />
          </Form.Item>
        ),
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search();
            }}
          >
            重置
          </Button>
          {folded && (
            <Button type="link" onClick={() => setExpanded((e) => !e)}>
              {expanded ? '收起' : '展开'}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
