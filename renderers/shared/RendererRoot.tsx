/**
 * Every renderer's outer wrapper: gives antd's App context (message/modal bound to the theme) and keeps button
 * captions as written (antd would otherwise space out two-character labels such as 查询 → 查 询).
 */
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

const BUTTON_CONFIG = { autoInsertSpace: false } as const;

export function RendererRoot(props: { children: ReactNode }) {
  return (
    <ConfigProvider button={BUTTON_CONFIG}>
      <App component={false}>{props.children}</App>
    </ConfigProvider>
  );
}
