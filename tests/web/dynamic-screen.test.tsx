import { screen, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { describe, expect, it } from 'vitest';
import { DynamicScreen } from '../../src/app/main/DynamicScreen.tsx';
import { AppDepsProvider } from '../../src/app/deps.tsx';
import { createRegistry } from '../../src/engine/registry.ts';
import { RegistryProvider } from '../../src/engine/render-node.tsx';
import { ServicesProvider } from '../../src/engine/services.tsx';
import { allowAll } from '../../src/providers/access.ts';
import { registerRenderers } from '../../renderers/index.ts';
import { ok } from './helpers/fake-adapter.ts';
import { createFakeServer } from './helpers/fake-server.ts';

function renderLoader(component: string, formData?: Record<string, unknown>) {
  const server = createFakeServer({
    'get /hydriver/hyDriver/queryById': () => ok({ id: 'd1', driverName: '张三', reviewStatus: '1', reviewStatus_dictText: '待审核' }),
  });
  const { deps } = server;
  render(
    <AntdApp>
      <AppDepsProvider deps={deps}>
        <RegistryProvider registry={registerRenderers(createRegistry())}>
          <ServicesProvider services={{ data: deps.data, dicts: deps.dicts, files: deps.files, lookups: deps.lookups, access: allowAll }}>
            <DynamicScreen component={component} formData={formData} />
          </ServicesProvider>
        </RegistryProvider>
      </AppDepsProvider>
    </AntdApp>,
  );
  return server;
}

describe('the dynamic loader', () => {
  it('renders the screen a component path names and then views the given record', async () => {
    const server = renderLoader('wlhy/hydriver/HyDriverList', { id: 'd1' });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(dialog).findByText('司机详情')).toBeInTheDocument();
    expect(await within(dialog).findByText('张三')).toBeInTheDocument();
    expect(server.calls('get', '/hydriver/hyDriver/queryById').length).toBe(1);
  });

  it('says so when no screen has that path', async () => {
    renderLoader('nowhere/NoSuchList', { id: 'x' });
    expect(await screen.findByText('页面尚未配置')).toBeInTheDocument();
  });
});
