/** Renders a renderer the way the app does — fresh registry, stub providers — without http or a router. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { DictModel, WireRecord } from '../../../src/contracts/index.ts';
import { createRegistry, type Registry } from '../../../src/engine/registry.ts';
import { RegistryProvider } from '../../../src/engine/render-node.tsx';
import { ServicesProvider } from '../../../src/engine/services.tsx';
import type { Services } from '../../../src/engine/services.tsx';
import type { AccessProvider } from '../../../src/providers/access.ts';
import type { FileProvider } from '../../../src/providers/files.ts';
import type { LookupProvider } from '../../../src/providers/lookups.ts';
import type { DataProvider, ListResult } from '../../../src/providers/data.ts';
import { createStaticDictProvider } from '../../../src/providers/dicts.ts';
import type { DictProvider } from '../../../src/providers/dicts.ts';
import { registerRenderers } from '../../../renderers/index.ts';

export function stubData(list: ListResult = { records: [], total: 0 }, one: WireRecord = {}) {
  return {
    getList: vi.fn<DataProvider['getList']>(async () => list),
    getOne: vi.fn<DataProvider['getOne']>(async () => one),
    getChildren: vi.fn<DataProvider['getChildren']>(async () => []),
    create: vi.fn<DataProvider['create']>(async () => ({ message: '添加成功！' })),
    update: vi.fn<DataProvider['update']>(async () => ({ message: '编辑成功!' })),
    deleteMany: vi.fn<DataProvider['deleteMany']>(async () => ({ message: '删除成功!' })),
    exportXls: vi.fn<DataProvider['exportXls']>(async () => ({ blob: new Blob(['xlsx']), filename: '司机列表.xlsx' })),
    importExcel: vi.fn<DataProvider['importExcel']>(async () => ({ message: '文件导入成功！数据行数：1', code: 200 })),
    download: vi.fn<DataProvider['download']>(async () => ({ blob: new Blob(['xlsx']), filename: '司机导入错误.xlsx' })),
    runOperation: vi.fn<DataProvider['runOperation']>(async () => ({ message: '操作成功!' })),
  } satisfies DataProvider;
}

/** Files that upload instantly to `biz/20260101/<n>.<ext>` and are known by that path. */
export function stubFiles() {
  let counter = 0;
  const names = new Map<string, string>();
  return {
    upload: vi.fn<FileProvider['upload']>(async (file, biz) => {
      const name = file.name ?? 'file';
      const path = `${biz}/20260101/f${++counter}.${name.split('.').pop()}`;
      names.set(path, name);
      return { path, name };
    }),
    info: vi.fn<FileProvider['info']>(async (path) => ({ url: `/signed/${path}`, name: names.get(path) ?? path.split('/').pop()! })),
    download: vi.fn<FileProvider['download']>(async (path) => ({ blob: new Blob(['x']), filename: path })),
  } satisfies FileProvider;
}

/** No departments, no users, every value free: tests that care pass their own. */
export function stubLookups(overrides: Partial<LookupProvider> = {}): LookupProvider {
  return {
    departTree: vi.fn<LookupProvider['departTree']>(async () => []),
    searchUsers: vi.fn<LookupProvider['searchUsers']>(async () => []),
    usersByName: vi.fn<LookupProvider['usersByName']>(async () => []),
    checkDuplicate: vi.fn<LookupProvider['checkDuplicate']>(async () => undefined),
    checkRule: vi.fn<LookupProvider['checkRule']>(async () => undefined),
    cronPreview: vi.fn<LookupProvider['cronPreview']>(async () => ({ times: [] })),
    ...overrides,
  };
}

export function accessTo(...codes: string[]): AccessProvider {
  return { can: (code) => codes.includes(code) };
}

export function renderWithServices(
  ui: ReactElement,
  options: {
    data: DataProvider;
    dicts?: Record<string, DictModel[]>;
    dictProvider?: DictProvider;
    access?: AccessProvider;
    files?: FileProvider;
    lookups?: LookupProvider;
    /** Extra renderers a test registers (e.g. a stand-in for a panel node). */
    register?: (registry: Registry) => void;
    /** Entity schemas by name (the child-list panel node loads its detail entity from here). */
    entities?: Services['entities'];
    /** Plain endpoint calls (panels, line-item grids). */
    endpoints?: Services['endpoints'];
    /** Live grid updates (vxeSocket). */
    live?: Services['live'];
    /** The shell's navigation (report links). */
    navigate?: Services['navigate'];
  },
) {
  const services: Services = {
    data: options.data,
    dicts: options.dictProvider ?? createStaticDictProvider(options.dicts ?? {}),
    access: options.access ?? { can: () => true },
    files: options.files ?? stubFiles(),
    lookups: options.lookups ?? stubLookups(),
    entities: options.entities,
    endpoints: options.endpoints,
    live: options.live,
    navigate: options.navigate,
  };
  const registry = registerRenderers(createRegistry());
  options.register?.(registry);
  return render(
    <RegistryProvider registry={registry}>
      <ServicesProvider services={services}>{ui}</ServicesProvider>
    </RegistryProvider>,
  );
}
