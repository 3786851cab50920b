/**
 * rjsf widget for dict fields with `search: true`: a select that asks the server (`loadDict`) 300 ms after the
 * user stops typing, instead of loading a large table dictionary whole. An empty keyword asks nothing; the current
 * value's text comes from `loadDictItem` so an edited record shows a name, not an id.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Select, Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { DictModel } from '../../src/contracts/index.ts';
import { useServices } from '../../src/engine/services.tsx';
import { toastFailure } from '../../src/http/errors.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export function SearchSelectWidget(props: WidgetProps) {
  const { dicts } = useServices();
  const { message } = App.useApp();
  const dictCode = typeof props.options.dictCode === 'string' ? props.options.dictCode : '';
  const value = props.value === undefined || props.value === null || props.value === '' ? undefined : String(props.value);
  const [options, setOptions] = useState<DictModel[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [selectedText, setSelectedText] = useState<string>();
  const latest = useRef(0);

  // The text of the stored value (a record opened for editing).
  useEffect(() => {
    if (!dictCode || value === undefined) {
      setSelectedText(undefined);
      return;
    }
    if (options.some((o) => o.value === value)) return;
    let live = true;
    dicts.textsFor(dictCode, [value]).then(
      ([text]) => live && setSelectedText(text),
      () => live && setSelectedText(undefined),
    );
    return () => {
      live = false;
    };
  }, [dictCode, value, dicts, options]);

  useEffect(() => {
    if (!dictCode) return;
    const request = ++latest.current;
    if (keyword.trim() === '') {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      dicts.search(dictCode, keyword.trim()).then(
        (found) => {
          if (request !== latest.current) return;
          setOptions(found);
          setLoading(false);
        },
        (error: unknown) => {
          if (request !== latest.current) return;
          setLoading(false);
          toastFailure({ error: (text) => message.warning(text) }, error);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, dictCode, dicts, message]);

  if (!dictCode) return <Alert type="error" showIcon title="Dictionary code cannot be empty!" />;

  const shown = options.map((item) => ({ value: item.value, label: item.text }));
  if (value !== undefined && !shown.some((o) => o.value === value)) shown.unshift({ value, label: selectedText ?? value });

  return (
    <Select
      id={props.id}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      value={value}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      allowClear={!props.required}
      style={{ width: '100%' }}
      options={shown}
      notFoundContent={loading ? <Spin size="small" /> : keyword.trim() === '' ? 'Please enter search content' : 'No data found'}
      onChange={(next: string | undefined) => {
        const picked = options.find((o) => o.value === next);
        if (picked) setSelectedText(picked.text);
        setKeyword('');
        props.onChange(next ?? undefined);
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}
