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
        <BrowserRouter>
          <AppShell deps={appDeps} />
        </BrowserRouter>
      </AntdApp>
    </ConfigProvider>
  );
}
