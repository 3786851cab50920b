/**
 * `department` and `user` cells (JVxeTable's departSelect / userSelect): pick one or several (`multiple`), stored
 * comma-joined — department ids, and usernames as the app's user fields store them (the directory looks users up
 * by username; the form's user picker does the same). Cells show names: the department tree is loaded once, and
 * the users on screen are asked for in one batch, so a screenful of rows makes one request, not one per cell.
 * The form's pickers (field-types/department/renderer.tsx, field-types/user/renderer.tsx) take rjsf widget props; these are their grid editors.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Select, Spin, TreeSelect } from 'antd';
import { joinList, splitList } from '../../src/contracts/index.ts';
import type { DepartTreeNode, UserPickItem } from '../../src/contracts/index.ts';
import type { GridColumn } from '../../src/contracts/grid.ts';
import { fillPlaceholders } from '../../src/contracts/grid.ts';
import { useServices } from '../../src/engine/services.tsx';
import type { LookupProvider } from '../../src/providers/lookups.ts';
import { USER_SEARCH_DEBOUNCE_MS } from '../../field-types/user/renderer.tsx';
import { registerGridCell, type GridCellDisplayProps, type GridCellEditorProps } from './cell-registry.ts';

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

/** Names known so far for one lookup provider; cells re-render when more arrive. */
class DirectoryNames {
  version = 0;
  tree: TreeOption[] | undefined;
  private departs: Map<string, string> | undefined;
  private departsAsked = false;
  private readonly users = new Map<string, string>();
  private pendingUsers = new Set<string>();
  /** Usernames asked for and not answered yet: a re-render meanwhile must not ask again. */
  private readonly askedUsers = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly lookups: LookupProvider) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  departName(id: string): string | undefined {
    if (!this.departsAsked) this.loadDeparts();
    return this.departs?.get(id);
  }

  loadDeparts(): void {
    if (this.departsAsked) return;
    this.departsAsked = true;
    this.lookups.departTree().then(
      (nodes) => {
        const names = new Map<string, string>();
        const walk = (list: DepartTreeNode[]): TreeOption[] =>
          list.map((node) => {
            names.set(node.id, node.departName);
            return { value: node.id, title: node.departName, children: node.children ? walk(node.children) : undefined };
          });
        this.tree = walk(nodes);
        this.departs = names;
        this.changed();
      },
      // A failed load is tried again by the next cell that asks.
      () => void (this.departsAsked = false),
    );
  }

  userName(username: string): string | undefined {
    const known = this.users.get(username);
    if (known === undefined && !this.askedUsers.has(username)) {
      this.askedUsers.add(username);
      this.pendingUsers.add(username);
      if (this.pendingUsers.size === 1) queueMicrotask(() => this.flushUsers());
    }
    return known;
  }

  rememberUsers(users: readonly UserPickItem[]): void {
    for (const user of users) this.users.set(user.username, user.realname);
    if (users.length > 0) this.changed();
  }

  private flushUsers(): void {
    const wanted = [...this.pendingUsers];
    this.pendingUsers = new Set();
    this.lookups.usersByName(wanted).then(
      (users) => {
        // Unknown usernames show as typed (and are not asked for again).
        for (const name of wanted) if (!users.some((u) => u.username === name)) this.users.set(name, name);
        this.rememberUsers(users);
        this.changed();
      },
      // Asked again by the next cell that shows one of them.
      () => wanted.forEach((name) => this.askedUsers.delete(name)),
    );
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

const byProvider = new WeakMap<LookupProvider, DirectoryNames>();

function useDirectoryNames(): DirectoryNames {
  const { lookups } = useServices();
  let names = byProvider.get(lookups);
  if (!names) byProvider.set(lookups, (names = new DirectoryNames(lookups)));
  useSyncExternalStore(names.subscribe, () => names.version);
  return names;
}

function DepartDisplay({ value }: GridCellDisplayProps) {
  const names = useDirectoryNames();
  const ids = splitList(value);
  return <>{ids.map((id) => names.departName(id) ?? id).join('，')}</>;
}

function UserDisplay({ value }: GridCellDisplayProps) {
  const names = useDirectoryNames();
  const usernames = splitList(value);
  return <>{usernames.map((name) => names.userName(name) ?? name).join('，')}</>;
}

const editorKeys = (onDone: GridCellEditorProps['onDone']) => (event: React.KeyboardEvent) => {
  if (event.key === 'Escape') {
    event.stopPropagation();
    onDone('stay');
  }
};

const placeholderOf = (column: GridColumn) => fillPlaceholders(column.placeholder ?? '请选择${title}', { ...column });

function DepartEditor({ column, value, onChange, onDone }: GridCellEditorProps) {
  const names = useDirectoryNames();
  useEffect(() => names.loadDeparts(), [names]);
  const values = splitList(value);
  return (
    <TreeSelect
      aria-label={column.title}
      size="small"
      style={{ width: '100%' }}
      autoFocus
      defaultOpen
      multiple={column.multiple}
      treeData={names.tree ?? []}
      loading={!names.tree}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      allowClear
      placeholder={placeholderOf(column)}
      value={column.multiple ? values : values[0]}
      onChange={(next: string | string[] | undefined) => onChange(joinList(Array.isArray(next) ? next : next ? [next] : []) ?? '')}
      onKeyDown={editorKeys(onDone)}
      onBlur={() => onDone()}
    />
  );
}

function UserEditor({ column, value, onChange, onDone }: GridCellEditorProps) {
  const { lookups } = useServices();
  const names = useDirectoryNames();
  const values = splitList(value);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<UserPickItem[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    const request = ++latest.current;
    if (keyword.trim() === '') {
      setFound([]);
      setLoading(false);
      return undefined;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      lookups.searchUsers(keyword.trim()).then(
        (users) => {
          if (request !== latest.current) return;
          names.rememberUsers(users);
          setFound(users);
          setLoading(false);
        },
        () => request === latest.current && setLoading(false),
      );
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, lookups, names]);
  const options = useMemo(() => {
    const shown = found.map((user) => ({ value: user.username, label: `${user.realname}（${user.username}）` }));
    for (const name of values) if (!shown.some((o) => o.value === name)) shown.unshift({ value: name, label: names.userName(name) ?? name });
    return shown;
  }, [found, values, names, names.version]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Select
      aria-label={column.title}
      size="small"
      style={{ width: '100%' }}
      autoFocus
      defaultOpen
      mode={column.multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      placeholder={placeholderOf(column)}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : keyword.trim() === '' ? '请输入姓名或账号搜索' : '没有找到用户'}
      value={column.multiple ? values : values[0]}
      onChange={(next: string | string[] | undefined) => {
        setKeyword('');
        onChange(joinList(Array.isArray(next) ? next : next ? [next] : []) ?? '');
      }}
      onKeyDown={editorKeys(onDone)}
      onBlur={() => onDone()}
    />
  );
}

registerGridCell('department', { display: DepartDisplay, editor: DepartEditor, takesText: false });
registerGridCell('user', { display: UserDisplay, editor: UserEditor, takesText: false });
