/** Renders a renderer the way the app does — fresh registry, stub providers — without http or a router. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { DictModel, WireRecord } from '../../../src/contracts/index.ts';
import { createRegistry } from '../../../src/engine/registry.ts';
import { RegistryProvider } from '../../../src/engine/render-node.tsx';
import { ServicesProvider } from '../../../src/engine/services.tsx';
import type { Services } from '../../../src/engine/services.tsx';
import type { AccessProvider } from '../../../src/providers/access.ts';
import type { DataProvider, ListResult } from '../../../src/providers/data.ts';
import { createStaticDictProvider } from '../../../src/providers/dicts.ts';
import { registerRenderers } from '../../../renderers/index.ts';

export function stubData(list: ListResult = { records: [], total: 0 }, one: WireRecord = {}) {
  return {
    getList: vi.fn<DataProvider['getList']>(async () => list),
    getOne: vi.fn<DataProvider['getOne']>(async () => one),
    create: vi.fn<DataProvider['create']>(async () => ({ message: '添加成功！' })),
    update: vi.fn<DataProvider['update']>(async () => ({ message: '编辑成功!' })),
    deleteMany: vi.fn<DataProvider['deleteMany']>(async () => ({ message: '删除成功!' })),
  } satisfies DataProvider;
}

export function accessTo(...codes: string[]): AccessProvider {
  return { can: (code) => codes.includes(code) };
}

export function renderWithServices(
  ui: ReactElement,
  options: { data: DataProvider; dicts?: Record<string, DictModel[]>; access?: AccessProvider },
) {
  const services: Services = {
    data: options.data,
    dicts: createStaticDictProvider(options.dicts ?? {}),
    access: options.access ?? { can: () => true },
  };
  const registry = registerRenderers(createRegistry());
  return render(
    <RegistryProvider registry={registry}>
      <ServicesProvider services={services}>{ui}</ServicesProvider>
    </RegistryProvider>,
  );
}
