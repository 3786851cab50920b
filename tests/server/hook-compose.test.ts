/**
 * Capability hooks are composed with a domain module's (server/entity/hook-compose.ts): every set runs in order,
 * errors and reads add up, and a step no set has stays absent (the engine tests for presence to lock rows).
 */
import { describe, expect, it } from 'vitest';
import { composeHooks } from '../../server/entity/hook-compose.ts';
import type { EntityHooks, RecordCheckEvent, WriteEvent } from '../../server/entity/hooks.ts';

describe('composeHooks', () => {
  it('returns a single non-empty set as it is', () => {
    const domain: EntityHooks = { reads: ['sys_user'] };
    expect(composeHooks([{}, domain])).toBe(domain);
  });

  it('runs each set in order and leaves absent steps absent', async () => {
    const calls: string[] = [];
    const capability: EntityHooks = { beforeWrite: () => void calls.push('capability'), reads: ['hy_vehicle'] };
    const domain: EntityHooks = { beforeWrite: async () => void calls.push('domain'), reads: ['sys_user'], texts: { edit: '改好了' } };
    const hooks = composeHooks([capability, domain]);
    await hooks.beforeWrite?.({} as WriteEvent);
    expect(calls).toEqual(['capability', 'domain']);
    expect(hooks.reads).toEqual(['hy_vehicle', 'sys_user']);
    expect(hooks.texts).toEqual({ edit: '改好了' });
    expect('beforeDelete' in hooks).toBe(false);
    expect('checkEdit' in hooks).toBe(false);
  });

  it('adds up record errors and gives each import its own file checkers', async () => {
    const hooks = composeHooks([
      { checkRecord: () => [{ field: 'a', message: 'A' }] },
      {
        checkRecord: async () => [{ field: 'b', message: 'B' }],
        fileChecker() {
          const seen = new Set<unknown>();
          return (record) => (seen.has(record.x) ? [{ field: 'x', message: 'again' }] : (seen.add(record.x), []));
        },
      },
    ]);
    expect(await hooks.checkRecord?.({} as RecordCheckEvent)).toEqual([{ field: 'a', message: 'A' }, { field: 'b', message: 'B' }]);
    const first = hooks.fileChecker!();
    expect([first({ x: 1 }), first({ x: 1 })]).toEqual([[], [{ field: 'x', message: 'again' }]]);
    expect(hooks.fileChecker!()({ x: 1 })).toEqual([]);
  });
});
