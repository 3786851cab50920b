/**
 * The permission tree's data (JeecgBoot TreeModel from `queryTreeList`) and the pure rules of checking it:
 * with 父子关联 on, checking a node checks its subtree and its ancestors (a button is useless without its page),
 * unchecking clears its subtree; off, only the node itself changes. The save sends the whole checked set plus
 * the set loaded last, so the server applies only the difference.
 */
export interface PermissionTreeNode {
  key: string;
  title: string;
  parentId?: string | null;
  /** 0 top-level menu, 1 sub-menu, 2 button. */
  menuType?: number;
  /** 1 when the page has data rules. */
  ruleFlag?: number;
  children?: PermissionTreeNode[];
}

export interface TreeIndex {
  parentOf: Map<string, string | null>;
  childrenOf: Map<string, string[]>;
  allKeys: string[];
  /** Keys of nodes that have children (what 展开全部 opens). */
  branchKeys: string[];
}

export function indexTree(nodes: PermissionTreeNode[]): TreeIndex {
  const index: TreeIndex = { parentOf: new Map(), childrenOf: new Map(), allKeys: [], branchKeys: [] };
  const walk = (list: PermissionTreeNode[], parent: string | null) => {
    for (const node of list) {
      index.parentOf.set(node.key, parent);
      index.allKeys.push(node.key);
      const children = node.children ?? [];
      index.childrenOf.set(node.key, children.map((c) => c.key));
      if (children.length > 0) index.branchKeys.push(node.key);
      walk(children, node.key);
    }
  };
  walk(nodes, null);
  return index;
}

function subtree(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  const stack = [key];
  while (stack.length > 0) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.childrenOf.get(next) ?? []));
  }
  return out;
}

/** The checked set after the user (un)checks `key`. */
export function toggleCheck(index: TreeIndex, checked: ReadonlySet<string>, key: string, on: boolean, linked: boolean): Set<string> {
  const next = new Set(checked);
  if (!linked) {
    if (on) next.add(key);
    else next.delete(key);
    return next;
  }
  for (const k of subtree(index, key)) {
    if (on) next.add(k);
    else next.delete(k);
  }
  if (on) {
    for (let parent = index.parentOf.get(key); parent; parent = index.parentOf.get(parent)) next.add(parent);
  }
  return next;
}

export interface SaveBody {
  permissionIds: string;
  lastpermissionIds: string;
}

export function saveBody(checked: ReadonlySet<string>, last: ReadonlySet<string>): SaveBody {
  return { permissionIds: [...checked].join(','), lastpermissionIds: [...last].join(',') };
}

/** Ids added and removed since the last load or save (what the server will apply). */
export function changes(checked: ReadonlySet<string>, last: ReadonlySet<string>): { added: string[]; removed: string[] } {
  return { added: [...checked].filter((k) => !last.has(k)), removed: [...last].filter((k) => !checked.has(k)) };
}
