/** Menu icon names (JeecgBoot stores antd v1 icon names) → antd icons. Unknown names show no icon. */
import {
  AppstoreOutlined,
  BankOutlined,
  CarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  IdcardOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  car: <CarOutlined />,
  idcard: <IdcardOutlined />,
  user: <UserOutlined />,
  team: <TeamOutlined />,
  setting: <SettingOutlined />,
  appstore: <AppstoreOutlined />,
  file: <FileTextOutlined />,
  'file-text': <FileTextOutlined />,
  bank: <BankOutlined />,
  shop: <ShopOutlined />,
  wallet: <WalletOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  return name ? ICONS[name] : undefined;
}
