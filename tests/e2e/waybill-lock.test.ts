/**
 * Issue 8's waybill lifecycle in the browser: once a waybill is signed its amounts are final. Even an admin sees
 * no 删除 on it, its 编辑 opens read-only but for 备注 and says why, and saving changes the remark only; a waiting
 * waybill (待接单) can still be deleted.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { desktopSession, logIn } from './harness.ts';

const WAYBILLS = '/shipping/list';

describe('a signed waybill keeps its amounts', () => {
  const s = desktopSession();
  const rowOf = (text: string) => s.page.locator('tbody tr.ant-table-row', { hasText: text });

  async function waybill(status: string): Promise<{ id: string; number: string; settleWeight: string | null }> {
    const { rows } = await sql<{ id: string; number: string; settleWeight: string | null }>`select id,
        shipping_note_number as number, settle_weight::text as "settleWeight"
      from hy_shipping_note where shipping_status = ${status} order by shipping_note_number limit 1`.execute(s.env.ctx.db);
    expect(rows).toHaveLength(1);
    return rows[0];
  }

  async function find(number: string): Promise<void> {
    const query = s.page.getByRole('search');
    await query.getByLabel('运单号').fill(number);
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
  }

  it('edits only the remark of a completed waybill, and offers 删除 on a waiting one', async () => {
    const done = await waybill('7');
    // The admin holds 删除 on waybills: its absence on this row is the guard's doing.
    await logIn(s.page, s.env, WAYBILLS, 'admin');
    await find(done.number);
    const row = rowOf(done.number);
    await row.getByRole('button', { name: '编辑', exact: true }).waitFor();
    expect(await row.getByRole('button', { name: '删除', exact: true }).count()).toBe(0);

    await row.getByRole('button', { name: '编辑', exact: true }).click();
    const dialog = s.page.getByRole('dialog', { name: '编辑运单' });
    await dialog.getByText('运单签收后金额已确定，已签收、已结算、已完成或已取消的运单只能修改备注').waitFor();
    expect(await dialog.getByLabel('结算重量(吨)').isDisabled()).toBe(true);
    await dialog.getByLabel('备注').fill('回单原件已寄回公司');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('编辑成功!').first().waitFor();

    const { rows } = await sql<{ remark: string; settleWeight: string | null }>`select remark, settle_weight::text as "settleWeight"
      from hy_shipping_note where id = ${done.id}`.execute(s.env.ctx.db);
    expect(rows[0]).toEqual({ remark: '回单原件已寄回公司', settleWeight: done.settleWeight });

    const waiting = await waybill('0');
    await find(waiting.number);
    await rowOf(waiting.number).getByRole('button', { name: '删除', exact: true }).waitFor();
    expect(s.pageErrors).toEqual([]);
  });
});
