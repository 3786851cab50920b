/** The browser side of `editWhen` / `deleteWhen` (contract.ts): a locked record's form, and which row buttons show. */
import type { CapabilityRenderer } from '../renderer-part.ts';
import { freeFieldsOf, rowAllows, rowOffersEdit } from './contract.ts';

export const rowGuardsRenderer: CapabilityRenderer = {
  formLock(entity, record) {
    if (rowAllows(entity, 'edit', record)) return undefined;
    const editable = freeFieldsOf(entity);
    return { editable, notice: entity.editWhen?.message ?? `当前状态下只能修改${editable.map((name) => entity.fields[name]?.label ?? name).join('、')}` };
  },
  // 编辑 stays while the state leaves fields free (the form opens locked); 删除 goes.
  rowActionAllowed: (entity, action, row) => (action === 'edit' ? rowOffersEdit(entity, row) : rowAllows(entity, 'delete', row)),
};
