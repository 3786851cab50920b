/**
 * 部门选择: which of their departments the user works in (`sys_user.org_code`). Opened from the header (切换部门)
 * or, `mandatory`, right after a login that reported several departments (`multi_depart === 2`), when it cannot be
 * dismissed without a choice. The answer's userInfo replaces the stored one (7 days, like login).
 */
import { useEffect, useState } from 'react';
import { App, Form, Modal, Radio, Space, Spin } from 'antd';
import type { UserInfo } from '../../contracts/index.ts';
import type { UserDepart } from '../../contracts/departs.ts';
import { PICK_DEPART_MESSAGE } from '../../contracts/departs.ts';
import { DEFAULT_TTL_MS, StorageKeys } from '../../http/storage.ts';
import { toastFailure } from '../../http/errors.ts';
import { useAppDeps } from '../deps.tsx';
import { dismissProps } from './form-helpers.tsx';
import { useSession } from '../session.tsx';
import { loadCurrentUserDeparts, selectDepart } from './account-api.ts';

export const NO_DEPARTS_MESSAGE = '您尚未设置部门信息!';

interface DepartValues {
  orgCode: string;
}

export interface DepartSelectDialogProps {
  open: boolean;
  onClose(): void;
  /** After login with several departments: no cancel, no close button, no escape. */
  mandatory?: boolean;
  /** The user as the server now describes it (new orgCode), for whoever shows the current department. */
  onSelected?(userInfo: UserInfo): void;
}

type Loaded = { status: 'loading' } | { status: 'ready'; list: UserDepart[]; current: string | null };

export function DepartSelectDialog({ open, onClose, mandatory = false, onSelected }: DepartSelectDialogProps) {
  const { http, storage } = useAppDeps();
  const { user } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<DepartValues>();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoaded({ status: 'loading' });
    loadCurrentUserDeparts(http)
      .then(({ list, orgCode }) => {
        if (!live) return;
        if (list.length === 0) {
          void message.warning(NO_DEPARTS_MESSAGE);
          onClose();
          return;
        }
        setLoaded({ status: 'ready', list, current: orgCode });
      })
      .catch((error: unknown) => {
        if (!live) return;
        // HTTP failures were already announced by the client; a business refusal is said here.
        toastFailure({ error: (text) => message.warning(text) }, error);
        onClose();
      });
    return () => {
      live = false;
    };
    // Loads once per opening; onClose may be a fresh function on every render of the caller.
  }, [open, http, message]);

  async function submit({ orgCode }: DepartValues) {
    setSaving(true);
    try {
      const userInfo = await selectDepart(http, { orgCode, ...(user?.username ? { username: user.username } : {}) });
      storage.set(StorageKeys.userInfo, userInfo, DEFAULT_TTL_MS);
      onSelected?.(userInfo);
      onClose();
    } catch (error: unknown) {
      toastFailure({ error: (text) => message.warning(text) }, error);
    } finally {
      setSaving(false);
    }
  }

  const ready = loaded.status === 'ready' ? loaded : undefined;
  // A chooser the user must answer preselects nothing; a switch starts from where they are.
  const initialOrgCode = !mandatory && ready?.list.some((d) => d.orgCode === ready.current) ? ready.current : undefined;

  return (
    <Modal
      title="部门选择"
      open={open && !!ready}
      width={500}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      {...dismissProps(mandatory, onClose)}
      destroyOnHidden
    >
      {ready ? (
        <Form<DepartValues>
          form={form}
          initialValues={initialOrgCode ? { orgCode: initialOrgCode } : {}}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item label="部门" name="orgCode" rules={[{ required: true, message: PICK_DEPART_MESSAGE }]}>
            <Radio.Group>
              <Space orientation="vertical">
                {ready.list.map((depart) => (
                  <Radio key={depart.orgCode} value={depart.orgCode}>
                    {depart.departName}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        </Form>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
