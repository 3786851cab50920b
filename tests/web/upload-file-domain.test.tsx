/**
 * A form's upload field previews its stored files the way the list and detail show them: a field with
 * `fileDomain: "bank"` (银行回单) asks for the bank domain's URL, others for the static one.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { renderWithServices, stubData, stubFiles } from './helpers/render-screen.tsx';

const entity: EntitySchema = {
  kind: 'entity', name: 'hyReceiptTest', title: '回单', table: 'hy_receipt_test', api: '/hy/receiptTest', permissionPrefix: 'hy:receiptTest',
  fields: {
    receiptFile: { label: '回单文件', type: 'file', fileDomain: 'bank' },
    voucher: { label: '凭证', type: 'image' },
  },
  list: { columns: [{ field: 'receiptFile' }] },
  form: { fields: ['receiptFile', 'voucher'] },
} as EntitySchema;

describe('upload fields and file domains', () => {
  it('asks for each stored file under the field’s own domain', async () => {
    const files = stubFiles();
    const data = stubData(undefined, { id: 'r1', receiptFile: 'bankreceipt/20261120/a.pdf', voucher: 'voucher/20261120/v.png' });
    renderWithServices(<EntityForm entity={entity} mode="edit" recordId="r1" open onClose={vi.fn()} onSaved={vi.fn()} />, { data, files });
    await screen.findByRole('dialog');
    await waitFor(() => expect(files.info).toHaveBeenCalledWith('bankreceipt/20261120/a.pdf', 'bank'));
    expect(files.info).toHaveBeenCalledWith('voucher/20261120/v.png', undefined);
  });
});
