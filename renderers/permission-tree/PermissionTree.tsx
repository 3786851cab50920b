/**
 * The `permission-tree` panel renderer: a checkable tree of every menu, sub-menu and button, opened for one row
 * (a role; the endpoints come from the panel settings, so a department's permissions can use the same node).
 * Loads the tree and the row's granted ids, saves the checked set together with the set it loaded (the server
 * applies only the difference, so grants saved by others meanwhile survive), and offers the data rules of a page.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Key } from 'react';
import { Alert, App, Button, Flex, Skeleton, Space, Switch, Tag, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useServices } from '../../src/engine/services.tsx';
import { failureText, toastFailure } from '../../src/http/errors.ts';
import type { OperationPanelProps } from '../shared/panel.ts';
import { changes, indexTree, saveBody, toggleCheck, type PermissionTreeNode } from './tree-model.ts';
import { DataRulesDialog } from './DataRulesDialog.tsx';

/** Endpoints of JeecgBoot's role authorisation; a panel's `props` may name others. */
const DEFAULTS = {
  treeEndpoint: '/sys/role/queryTreeList',
  grantedEndpoint: '/sys/permission/queryRolePermission',
  saveEndpoint: '/sys/permission/saveRolePermission',
  idParam: 'roleId',
  dataRuleEndpoint: '/sys/role/datarule',
};

function setting(settings: OperationPanelProps['settings'], name: keyof typeof DEFAULTS): string {
  const value = settings[name];
  return typeof value === 'string' ? value : DEFAULTS[name];
}

const TYPE_TAGS: Record<number, { text: string; color: string }> = {
  0: { text: '菜单', color: 'blue' },
  1: { text: '子菜单', color: 'cyan' },
  2: { text: '按钮', color: 'orange' },
};

/**
 * Rendered inside the list's drawer, so it uses the list's antd App: a toast shown by 保存并关闭 stays up after
 * the drawer (and this component) is gone.
 */
export default function PermissionTree({ record, settings, onClose }: OperationPanelProps) {
  const { endpoints } = useServices();
  const { message } = App.useApp();
  const ownerId = String(record.id ?? '');
  const idParam = setting(settings, 'idParam');
  const ruleEndpoint = setting(settings, 'dataRuleEndpoint');
  const [nodes, setNodes] = useState<PermissionTreeNode[]>();
  const [loadError, setLoadError] = useState<string>();
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [last, setLast] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [linked, setLinked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [rulesOf, setRulesOf] = useState<PermissionTreeNode>();
  const index = useMemo(() => indexTree(nodes ?? []), [nodes]);

  useEffect(() => {
    if (!endpoints) return;
    let live = true;
    Promise.all([
      // The owner's id goes to the tree too: a department role's tree holds only its department's permissions.
      endpoints.get<{ treeList: PermissionTreeNode[] }>(setting(settings, 'treeEndpoint'), { [idParam]: ownerId }),
      endpoints.get<string[]>(setting(settings, 'grantedEndpoint'), { [idParam]: ownerId }),
    ])
      .then(([tree, granted]) => {
        if (!live) return;
        const known = new Set(indexTree(tree.treeList).allKeys);
        const loaded = new Set((granted ?? []).filter((id) => known.has(id)));
        setNodes(tree.treeList);
        setChecked(loaded);
        setLast(loaded);
        setExpanded(tree.treeList.map((n) => n.key));
      })
      .catch((error: unknown) => live && setLoadError(failureText(error)));
    return () => {
      live = false;
    };
  }, [endpoints, settings, idParam, ownerId]);

  const treeData = useMemo(() => {
    const convert = (list: PermissionTreeNode[]): TreeDataNode[] =>
      list.map((node) => ({
        key: node.key,
        title: (
          <Space size={4}>
            <span>{node.title}</span>
            {node.menuType !== undefined && TYPE_TAGS[node.menuType] ? (
              <Tag color={TYPE_TAGS[node.menuType].color} bordered={false}>
                {TYPE_TAGS[node.menuType].text}
              </Tag>
            ) : null}
            {node.ruleFlag === 1 && ruleEndpoint ? (
              <Button
                type="link"
                size="small"
                aria-label={`${node.title}的数据规则`}
                onClick={(event) => {
                  event.stopPropagation();
                  setRulesOf(node);
                }}
              >
                数据规则
              </Button>
            ) : null}
          </Space>
        ),
        children: node.children ? convert(node.children) : undefined,
      }));
    return convert(nodes ?? []);
  }, [nodes, ruleEndpoint]);

  if (!endpoints) return <Alert type="error" showIcon title="无法加载权限：缺少接口服务" />;
  if (loadError) return <Alert type="error" showIcon title={loadError} />;
  if (!nodes) return <Skeleton active paragraph={{ rows: 8 }} />;

  async function save(close: boolean) {
    setSaving(true);
    try {
      const answer = await endpoints!.post<unknown>(setting(settings, 'saveEndpoint'), { [idParam]: ownerId, ...saveBody(checked, last) });
      message.success(answer.message || '保存成功！');
      setLast(new Set(checked));
      if (close) onClose();
    } catch (error: unknown) {
      toastFailure(message, error);
    } finally {
      setSaving(false);
    }
  }

  const diff = changes(checked, last);
  return (
    <Flex vertical gap={12}>
      <Space wrap>
        <Button size="small" onClick={() => setExpanded(index.branchKeys)}>
          展开全部
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          折叠全部
        </Button>
        <Button size="small" onClick={() => setChecked(new Set(index.allKeys))}>
          全选
        </Button>
        <Button size="small" onClick={() => setChecked(new Set())}>
          取消全选
        </Button>
        <Space size={4}>
          <Switch size="small" checked={linked} onChange={setLinked} aria-label="父子关联" />
          <span>父子关联</span>
        </Space>
        <span>
          已选 {checked.size} 项{diff.added.length + diff.removed.length > 0 ? `（新增 ${diff.added.length}，取消 ${diff.removed.length}）` : ''}
        </span>
      </Space>
      <Tree
        checkable
        checkStrictly
        blockNode
        selectable={false}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys)}
        checkedKeys={{ checked: [...checked], halfChecked: [] }}
        onCheck={(_keys, info) => setChecked((current) => toggleCheck(index, current, String(info.node.key), info.checked, linked))}
      />
      <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
        <Button onClick={onClose}>取消</Button>
        <Button loading={saving} onClick={() => void save(false)}>
          仅保存
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save(true)}>
          保存并关闭
        </Button>
      </Space>
      {rulesOf ? (
        <DataRulesDialog endpoint={ruleEndpoint} page={rulesOf} ownerId={ownerId} idParam={idParam} onClose={() => setRulesOf(undefined)} />
      ) : null}
    </Flex>
  );
}
