/** The public pages' footer: contact and legal lines from 平台设置 (issue 22, item 9: the licence label once). */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlatformFooter } from '../../src/app/user/PlatformFooter.tsx';
import { SettingsProvider } from '../../src/app/settings.tsx';
import { ok } from './helpers/fake-adapter.ts';
import { createFakeServer } from './helpers/fake-server.ts';

function renderFooter(licenseNumber: string) {
  const server = createFakeServer({
    'get /setting/hySetting/queryPlatformSettings': () => ok({ companyName: '测试物流有限公司', licenseNumber }),
  });
  render(
    <SettingsProvider http={server.deps.http}>
      <PlatformFooter />
    </SettingsProvider>,
  );
}

describe('platform footer', () => {
  it('shows a licence value that already names its licence as entered, not under a second label', async () => {
    renderFooter('网络货运道路运输经营许可证 150602000001');
    const footer = await screen.findByText(/150602000001/);
    expect(footer).toHaveTextContent('网络货运道路运输经营许可证 150602000001');
    expect(footer).not.toHaveTextContent('网络货运经营许可证：');
  });

  it('labels a bare licence number', async () => {
    renderFooter('150602000001');
    expect(await screen.findByText(/网络货运经营许可证：150602000001/)).toBeInTheDocument();
  });
});
