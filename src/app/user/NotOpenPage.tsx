/** Public pages whose function comes in a later release: say so plainly and lead back to login. */
import { Result } from 'antd';
import { Link } from 'react-router';

export function NotOpenPage({ title }: { title: string }) {
  return (
    <Result
      status="info"
      title={title}
      subTitle="该功能暂未开放，敬请期待。"
      extra={<Link to="/user/login">返回登录</Link>}
    />
  );
}
