/**
 * antd configured for Chinese around a lazily loaded area (the private area, the antd public pages, the 401
 * dialog), when AppRoot asked for it (see antd-frame-flag.ts). Loading this module is what brings antd in.
 */
import { useContext } from 'react';
import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { AntdFrameWanted } from './antd-frame-flag.ts';
import { usePrefersReducedMotion } from './layout/responsive.ts';

/** Button captions stay as written (antd would space out two-character labels: 查询 → 查 询). */
const BUTTON_CONFIG = { autoInsertSpace: false } as const;

const WITHOUT_MOTION = { token: { motion: false } } as const;

export function AntdFrame({ children }: { children: ReactNode }) {
  const wanted = useContext(AntdFrameWanted);
  // Nested ConfigProviders (the theme colour) inherit this token.
  const reducedMotion = usePrefersReducedMotion();
  if (!wanted) return <>{children}</>;
  // Before any child formats a date; idempotent.
  if (dayjs.locale() !== 'zh-cn') dayjs.locale('zh-cn');
  return (
    <ConfigProvider locale={zhCN} button={BUTTON_CONFIG} theme={reducedMotion ? WITHOUT_MOTION : undefined}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
