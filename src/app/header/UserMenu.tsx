/**
 * The right-hand side of the header: the signed-in user and their actions. Mounted by the main layout; owned here
 * so header actions (dialogs, cache refresh, logout) can grow without touching the layout.
 *
 * The avatar and name open a dropdown: current department and 切换部门, 系统设置, 修改密码, 清理缓存 (platform
 * staff only) and 退出登录. A plain 退出登录 link stays visible beside it.
 */
import { useState } from 'react';
import { App, Avatar, Dropdown, Space, Typography } from 'antd';
import type { MenuProps } from 'antd';
import {
  ClusterOutlined,
  DeleteOutlined,
  LockOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { UserInfo } from '../../contracts/index.ts';
import type { UserDepart } from '../../contracts/departs.ts';
import { ChangePasswordDialog } from '../dialogs/ChangePasswordDialog.tsx';
import { DepartSelectDialog } from '../dialogs/DepartSelectDialog.tsx';
import { loadCurrentUserDeparts } from '../dialogs/account-api.ts';
import { useAppDeps } from '../deps.tsx';
import { LOGIN_PATH } from '../paths.ts';
import { useSession } from '../session.tsx';
import { useSettingsDrawerOpener } from './settings-drawer-context.ts';
import { useClearCache } from './use-clear-cache.ts';

/** Platform staff (sys_user.user_type 1); only they may reload the server's dictionaries. */
const STAFF_USER_TYPE = 1;

type OpenDialog = 'password' | 'depart' | undefined;

export function UserMenu() {
  const session = useSession();
  const { http } = useAppDeps();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const settingsDrawer = useSettingsDrawerOpener();
  const clearCache = useClearCache();
  const [dialog, setDialog] = useState<OpenDialog>();
  const [departs, setDeparts] = useState<UserDepart[]>();
  // The department switch answers with the new user; shown here until the session itself is refreshed.
  const [switchedUser, setSwitchedUser] = useState<UserInfo>();

  const user = switchedUser && switchedUser.id === session.user?.id ? switchedUser : session.user;
  const currentDepart = departs?.find((d) => d.orgCode === user?.orgCode);
  const closeDialog = () => setDialog(undefined);

  function confirmLogout() {
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await session.logout();
        navigate(LOGIN_PATH, { replace: true });
      },
    });
  }

  function onOpenChange(open: boolean) {
    // Department names are only needed inside the dropdown, so they are fetched when it opens; without them the
    // 当前部门 line is simply left out (an HTTP failure is still announced by the client).
    if (open) loadCurrentUserDeparts(http).then((loaded) => setDeparts(loaded.list), () => undefined);
  }

  const items: MenuProps['items'] = [
    ...(currentDepart
      ? [{ key: 'current-depart', label: `当前部门：${currentDepart.departName}`, disabled: true, icon: <ClusterOutlined /> }]
      : []),
    { key: 'depart', label: '切换部门', icon: <ClusterOutlined /> },
    { key: 'settings', label: '系统设置', icon: <SettingOutlined /> },
    { key: 'password', label: '修改密码', icon: <LockOutlined /> },
    ...(user?.userType === STAFF_USER_TYPE ? [{ key: 'clear-cache', label: '清理缓存', icon: <DeleteOutlined /> }] : []),
    { type: 'divider' },
    { key: 'logout', label: '退出登录', icon: <LogoutOutlined /> },
  ];

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'depart':
        setDialog('depart');
        break;
      case 'settings':
        settingsDrawer.open();
        break;
      case 'password':
        setDialog('password');
        break;
      case 'clear-cache':
        void clearCache();
        break;
      case 'logout':
        confirmLogout();
        break;
    }
  };

  const name = user?.realname || user?.username;
  return (
    <>
      <Space size="large">
        <Dropdown menu={{ items, onClick: onMenuClick }} trigger={['click']} onOpenChange={onOpenChange}>
          <Typography.Link aria-label={`用户菜单 ${name ?? ''}`.trim()} style={{ color: 'inherit' }}>
            <Space size="small">
              <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
              <span>{name}</span>
            </Space>
          </Typography.Link>
        </Dropdown>
        <Typography.Link onClick={confirmLogout}>退出登录</Typography.Link>
      </Space>
      <ChangePasswordDialog open={dialog === 'password'} onClose={closeDialog} />
      <DepartSelectDialog open={dialog === 'depart'} onClose={closeDialog} onSelected={setSwitchedUser} />
    </>
  );
}
