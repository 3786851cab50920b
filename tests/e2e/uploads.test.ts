import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { idCardCheckChar } from '../../src/contracts/validation/formats.ts';
import { TINY_PNG } from '../server/helpers/multipart.ts';
import { chooseOption, logIn, startE2e, type E2eEnv } from './harness.ts';

const DRIVERS = '/wlhy/hydriver/HyDriverList';

describe('pictures and attachments on a driver', () => {
  let env: E2eEnv;
  let context: BrowserContext;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    env = await startE2e();
    context = await env.browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    dir = fs.mkdtempSync('/tmp/freight-uploads-');
    fs.writeFileSync(path.join(dir, '驾驶证.png'), TINY_PNG);
    fs.writeFileSync(path.join(dir, 'notes.txt'), '运输合同备注');
    fs.writeFileSync(path.join(dir, 'fake.png'), 'not a picture');
    await logIn(page, env, DRIVERS, 'ops');
    await page.waitForURL((url) => url.pathname === DRIVERS);
  });
  afterAll(async () => {
    await context?.close();
    await env?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a licence picture and a document, shows the picture in the list and opens its preview', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('新增司机').waitFor();
    await dialog.getByLabel('姓名').fill('有证司机');
    await dialog.getByLabel('身份证号').fill(`15060219850505123${idCardCheckChar('15060219850505123')}`);
    await dialog.getByLabel('手机号').fill('13655556666');
    await chooseOption(page, dialog.getByLabel('准驾车型'), 'A2');

    // A file that only pretends to be a picture is refused by the server, with its reason.
    const licence = dialog.getByRole('group', { name: '驾驶证', exact: true });
    await licence.locator('input[type=file]').setInputFiles(path.join(dir, 'fake.png'));
    await page.getByText('Error message: 文件内容与扩展名不符').waitFor();
    await page.getByRole('button', { name: /OK|确\s*定|知道了/ }).last().click();

    await licence.locator('input[type=file]').setInputFiles(path.join(dir, '驾驶证.png'));
    await expect.poll(() => licence.locator('.ant-upload-list-item-done').count()).toBe(1);
    const attachments = dialog.getByRole('group', { name: '其他附件' });
    await attachments.locator('input[type=file]').setInputFiles(path.join(dir, 'notes.txt'));
    await attachments.getByText('notes.txt').waitFor();

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('添加成功！').waitFor();

    const row = page.locator('tbody tr.ant-table-row', { hasText: '有证司机' });
    const thumb = row.getByRole('img', { name: '驾驶证.png' });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await thumb.click();
    await page.locator('.ant-image-preview').waitFor();
    // The close button rather than Escape: under load the key can arrive before the preview listens for it.
    await page.locator('.ant-image-preview-close').click();
    // The preview's mask fades out before the list can be clicked again.
    await expect.poll(() => page.locator('.ant-image-preview-mask').count()).toBe(0);

    // Editing shows what was attached, by its own name.
    await row.getByText('编辑').click();
    await dialog.getByText('编辑司机').waitFor();
    await dialog.getByText('notes.txt').waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByText('notes.txt').click();
    expect((await download).suggestedFilename()).toBe('notes.txt');
  });
});
