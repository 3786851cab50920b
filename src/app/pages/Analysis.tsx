/** `dashboard/Analysis`: the home page — a greeting for the signed-in user. */
import { Card, Typography } from 'antd';
import { usePlatformSettings } from '../settings.tsx';
import { useSession } from '../session.tsx';
import { greeting } from './greeting.ts';

export default function Analysis() {
  const { user } = useSession();
  const settings = usePlatformSettings();
  const name = user?.realname || user?.username || '';
  return (
    <Card variant="borderless">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {greeting(new Date().getHours())}，{name}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        欢迎使用{settings.platformName}。请从左侧菜单进入业务功能。
      </Typography.Paragraph>
    </Card>
  );
}
