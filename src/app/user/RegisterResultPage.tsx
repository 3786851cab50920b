/** After registering (`/user/register-result`): names the new account and leads to login or the landing page. */
import { Button, Result } from 'antd';
import { Link, Navigate, useLocation } from 'react-router';
import { LOGIN_PATH } from '../paths.ts';

export function RegisterResultPage() {
  const location = useLocation();
  const username = (location.state as { username?: unknown } | null)?.username;
  // Reached without registering (a bookmark, a reload in another tab): nothing to report.
  if (typeof username !== 'string' || !username) return <Navigate to="/user/register" replace />;
  return (
    <Result
      status="success"
      title={`你的账户：${username} 注册成功`}
      subTitle="账号已开通，管理员分配权限后即可使用更多功能。"
      extra={[
        <Link key="login" to={LOGIN_PATH}>
          <Button type="primary">使用此账户登录</Button>
        </Link>,
        <Link key="home" to="/home">
          <Button>返回首页</Button>
        </Link>,
      ]}
    />
  );
}
