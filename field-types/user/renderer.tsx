/**
 * `user` in forms: users searched on `/sys/user/queryUserComponentData` as the user types, stored as usernames
 * (comma-joined when several). Only the caller's tenant is ever shown (the server scopes it).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';
import { joinList, splitList } from '../../src/contracts/index.ts';
import type { DepartTreeNode, UserPickItem } from '../../src/contracts/index.ts';
import { useServices } from '../../src/engine/services.tsx';

export const USER_SEARCH_DEBOUNCE_MS = 300;

export function UserWidget(props: WidgetProps) {
  const { lookups } = useServices();
  const multiple = props.options.multiple === true;
  const values = splitList(props.value);
  const [found, setFound] = useState<UserPickItem[]>([]);
  const [known, setKnown] = useState<Record<string, string>>({});
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const valuesKey = values.join(',');

  // Real names of the stored usernames (a record opened for editing).
  useEffect(() => {
    const missing = valuesKey ? valuesKey.split(',').filter((name) => !(name in known)) : [];
    if (missing.length === 0) return;
    let live = true;
    lookups.usersByName(missing).then(
      (users) => live && setKnown((prev) => ({ ...prev, ...Object.fromEntries(users.map((u) => [u.username, u.realname])) })),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [valuesKey, lookups, known]);

  useEffect(() => {
    const request = ++latest.current;
    if (keyword.trim() === '') {
      setFound([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      lookups.searchUsers(keyword.trim()).then(
        (users) => {
          if (request !== latest.current) return;
          setFound(users);
          setLoading(false);
        },
        () => request === latest.current && setLoading(false),
      );
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, lookups]);

  const options = useMemo(() => {
    const shown = found.map((user) => ({ value: user.username, label: `${user.realname}（${user.username}）` }));
    for (const name of values) {
      if (!shown.some((o) => o.value === name)) shown.unshift({ value: name, label: known[name] ? `${known[name]}（${name}）` : name });
    }
    return shown;
  }, [found, values, known]);

  const remember = (picked: string[]) =>
    setKnown((prev) => ({ ...prev, ...Object.fromEntries(found.filter((u) => picked.includes(u.username)).map((u) => [u.username, u.realname])) }));

  return (
    <Select
      id={props.id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      value={multiple ? values : values[0]}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      allowClear={!props.required}
      style={{ width: '100%' }}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : keyword.trim() === '' ? '请输入姓名或账号搜索' : '没有找到用户'}
      onChange={(next: string | string[] | undefined) => {
        const picked = Array.isArray(next) ? next : next ? [next] : [];
        remember(picked);
        setKeyword('');
        props.onChange(joinList(picked));
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

export const userRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'UserWidget', 'ui:placeholder': placeholderOf(field, `请选择${field.label}`), 'ui:options': { multiple: field.multiple === true } }),
  widgets: { UserWidget },
};
