/** The data rules of one page for the panel's row (JeecgBoot `/sys/role/datarule/{permissionId}/{roleId}`). */
import { useEffect, useState } from 'react';
import { Alert, App, Checkbox, Empty, Modal, Skeleton } from 'antd';
import { useServices } from '../../src/engine/services.tsx';
import { failureText, toastFailure } from '../../src/http/errors.ts';
import type { PermissionTreeNode } from './tree-model.ts';

interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string | null;
  status: string;
}

export interface DataRulesDialogProps {
  endpoint: string;
  page: PermissionTreeNode;
  ownerId: string;
  idParam: string;
  onClose(): void;
}

export function DataRulesDialog({ endpoint, page, ownerId, idParam, onClose }: DataRulesDialogProps) {
  const { endpoints } = useServices();
  const { message } = App.useApp();
  const [rules, setRules] = useState<DataRule[]>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    endpoints
      ?.get<{ datarule: DataRule[]; drChecked: string }>(`${endpoint}/${encodeURIComponent(page.key)}/${encodeURIComponent(ownerId)}`)
      .then((answer) => {
        if (!live) return;
        setRules(answer.datarule);
        setChosen(answer.drChecked ? answer.drChecked.split(',') : []);
      })
      .catch((cause: unknown) => live && setError(failureText(cause)));
    return () => {
      live = false;
    };
  }, [endpoints, endpoint, page.key, ownerId]);

  async function save() {
    if (!endpoints) return;
    setSaving(true);
    try {
      const answer = await endpoints.post<unknown>(endpoint, { permissionId: page.key, [idParam]: ownerId, dataRuleIds: chosen.join(',') });
      message.success(answer.message || '保存成功！');
      onClose();
    } catch (cause: unknown) {
      toastFailure(message, cause);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open title={`数据规则：${page.title}`} okText="保存" cancelText="取消" confirmLoading={saving} okButtonProps={{ disabled: !rules }} onOk={() => void save()} onCancel={onClose}>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {!error && !rules ? <Skeleton active /> : null}
      {rules && rules.length === 0 ? <Empty description="该页面没有数据规则" /> : null}
      {rules && rules.length > 0 ? (
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          value={chosen}
          onChange={(values) => setChosen(values.map(String))}
          options={rules.map((rule) => ({
            value: rule.id,
            label: `${rule.ruleName}（${rule.ruleColumn ?? ''} ${rule.ruleConditions} ${rule.ruleValue ?? ''}）${rule.status === '1' ? '' : ' 已停用'}`,
          }))}
        />
      ) : null}
      <p style={{ marginTop: 12, color: '#888' }}>勾选的规则将限制该角色在此页面能看到的数据；请先保存菜单权限。</p>
    </Modal>
  );
}
