/** The production client: antd configured for Chinese, a browser (history-mode) router, the real dependencies. */
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter } from 'react-router';
import { AppShell } from './AppShell.tsx';
import { appDeps } from './runtime.ts';

dayjs.locale('zh-cn');

/** Button captions stay as written (antd would space out two-character labels: 查询 → 查 询). */
const BUTTON_CONFIG = { autoInsertSpace: false } as const;

export function AppRoot() {
  return (
    <ConfigProvider locale={zhCN} button={BUTTON_CONFIG}>
      <AntdApp>
        {/* Location changes commit at once. As transitions, a list's own URL write (a sort after the query form
            was toggled) could stay pending behind a suspended render, so the list never saw it and back/forward
            then restored nothing; a spinner for a first-time lazy screen is the better trade. */}
        <BrowserRouter useTransitions={false}>
          <AppShell deps={appDeps} />
        </BrowserRouter>
      </AntdApp>
    </ConfigProvider>
  );
}
