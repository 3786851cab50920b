import { describe, expect, it } from 'vitest';
import { controlState, createAccess, visibleColumns } from '../../src/providers/access.ts';

const access = createAccess({
  auth: [
    { action: 'hydriver:hyDriver:add', type: '1', describe: '添加' },
    { action: 'hydriver:hyDriver:exportXls', type: '2', describe: '导出' },
    { action: 'hydriver:hyDriver:telephone', type: '1', describe: '手机号列' },
  ],
  allAuth: [
    { action: 'hydriver:hyDriver:add', type: '1', describe: '添加', status: '1' },
    { action: 'hydriver:hyDriver:edit', type: '1', describe: '编辑', status: '0' },
    { action: 'hydriver:hyDriver:delete', type: '2', describe: '删除', status: '1' },
    { action: 'hydriver:hyDriver:exportXls', type: '2', describe: '导出', status: '1' },
    { action: 'hydriver:hyDriver:importExcel', type: '2', describe: '导入', status: '0' },
    { action: 'hydriver:hyDriver:idCard', type: '1', describe: '身份证列', status: '1' },
    { action: 'hydriver:hyDriver:telephone', type: '1', describe: '手机号列', status: '1' },
    { action: 'hydriver:hyDriver:bankCardNo', type: '1', describe: '银行卡列', status: '0' },
  ],
});

describe('permission semantics (contract §3)', () => {
  it('removes a show/hide control unless granted, keeps it when the rule is switched off', () => {
    expect(controlState(access, 'hydriver:hyDriver:add')).toBe('enabled');
    expect(controlState(access, 'hydriver:hyDriver:edit')).toBe('enabled');
    expect(controlState(access, 'hydriver:hyDriver:list')).toBe('hidden');
  });

  it('shows a control under a type-2 rule, disabled unless the user holds the code', () => {
    expect(access.disabled?.('hydriver:hyDriver:delete')).toBe(true);
    expect(controlState(access, 'hydriver:hyDriver:delete')).toBe('disabled');
    expect(controlState(access, 'hydriver:hyDriver:exportXls')).toBe('enabled');
    // Switched off: never disabled.
    expect(controlState(access, 'hydriver:hyDriver:importExcel')).toBe('enabled');
    // A type-2 grant does not count as a show permission for `can`.
    expect(access.can('hydriver:hyDriver:exportXls')).toBe(false);
  });

  it('hides columns whose active type-1 rule the user lacks (colAuthFilter)', () => {
    const columns = ['driverName', 'idCard', 'telephone', 'bankCardNo'];
    expect(visibleColumns(access, 'hydriver:hyDriver:', columns, (c) => c)).toEqual(['driverName', 'telephone', 'bankCardNo']);
    // Providers without column rules show every column.
    expect(visibleColumns({ can: () => true }, 'x:', columns, (c) => c)).toEqual(columns);
  });
});
