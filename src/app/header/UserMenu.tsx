/**
 * The right-hand side of the header: the signed-in user and their actions. Mounted by the main layout; owned here
 * so header actions (dialogs, cache refresh, logout) can grow without touching the layout.
 */
import { App, Space, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../paths.ts';
import { useSession } from '../session.tsx';

export function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const { modal } = App.useApp();

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

  return (
    <Space size="large">
      <span>
        <UserOutlined /> {session.user?.realname || session.user?.username}
      </span>
      <Typography.Link onClick={confirmLogout}>退出登录</Typography.Link>
    </Space>
  );
}
