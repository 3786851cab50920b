/** `default: "$now"` on the server: a record added without the field gets Shanghai's day or moment of the request. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import { applyDefaults } from '../../server/entity/validation.ts';

const entity = {
  schema: {
    fields: {
      signDay: { label: '签收日', type: 'date', default: '$now' },
      paidAt: { label: '回款时间', type: 'datetime', default: '$now' },
      status: { label: '状态', type: 'string', default: '1' },
    },
  },
} as unknown as EntityRuntime;

afterEach(() => {
  vi.useRealTimers();
});

describe('$now defaults on add', () => {
  it('fill what the body left out with the Shanghai wall clock, and keep what it gave', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 20:30 UTC is 04:30 the next day in Shanghai: the day is Shanghai's, not the server's zone.
    vi.setSystemTime(new Date('2026-11-26T20:30:15Z'));
    const record: Record<string, unknown> = { paidAt: '2026-11-20 09:00:00' };
    applyDefaults(entity, record);
    expect(record).toEqual({ signDay: '2026-11-27', paidAt: '2026-11-20 09:00:00', status: '1' });
    const empty: Record<string, unknown> = {};
    applyDefaults(entity, empty);
    expect(empty).toEqual({ signDay: '2026-11-27', paidAt: '2026-11-27 04:30:15', status: '1' });
  });
});
