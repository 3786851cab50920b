import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

const DRIVERS = '/wlhy/hydriver/HyDriverList';

describe('the 详情 view of a schema screen in the browser', () => {
  const s = desktopSession();

  it('opens a driver as a description list with its groups and formatted values', async () => {
    await logIn(s.page, s.env, DRIVERS, 'ops');
    await s.page.waitForURL((url) => url.pathname === DRIVERS);
    const firstRow = s.page.locator('tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    const name = (await firstRow.locator('td').nth(1).textContent())?.trim() ?? '';
    expect(name).not.toBe('');

    await firstRow.getByRole('button', { name: '详情' }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByText('司机详情').waitFor();
    await dialog.getByText(name, { exact: true }).first().waitFor();
    for (const title of ['驾驶证与资格证', '收款信息', '证件照片与附件']) await dialog.getByText(title, { exact: true }).waitFor();
    // Three columns: the first row holds 姓名, 身份证号 and 手机号.
    await expect.poll(() => dialog.locator('tr').first().textContent()).toMatch(/姓名.*身份证号.*手机号/);
    // Dictionary values read as text and times in the product's format.
    const statusText = await dialog.locator('th:has-text("审核状态") + td').textContent();
    expect(statusText).toMatch(/^(待审核|审核通过|审核驳回)$/);
    const created = await dialog.locator('th:has-text("创建时间") + td').textContent();
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await dialog.getByRole('button', { name: /close|关闭/i }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(s.pageErrors).toEqual([]);
  });
});
