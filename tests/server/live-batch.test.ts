import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeWindow, windowDelay, type QueuedChanges } from '../../server/socket/live-batch.ts';

describe('live update window (at most one delivery per window, none held back after a quiet spell)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits only for what is left of the window the last delivery opened', () => {
    expect(windowDelay(Number.NEGATIVE_INFINITY, 50, 1000)).toBe(0);
    expect(windowDelay(1000, 50, 1000)).toBe(50);
    expect(windowDelay(1000, 50, 1030)).toBe(20);
    expect(windowDelay(1000, 50, 1080)).toBe(0);
  });

  it('delivers a lone change on the next tick, and changes right after a delivery together at the end of its window', async () => {
    const delivered: Array<{ at: number; ids: string[] }> = [];
    const window = new ChangeWindow(50, async (group: QueuedChanges) => {
      delivered.push({ at: performance.now(), ids: [...group.ids.keys()] });
    });
    const start = performance.now();
    void window.add({ tenantId: 1, entity: 'hyDriver', id: 'a' });
    void window.add({ tenantId: 1, entity: 'hyDriver', id: 'b' });
    await vi.advanceTimersByTimeAsync(1);
    expect(delivered).toEqual([{ at: start, ids: ['a', 'b'] }]);

    await vi.advanceTimersByTimeAsync(9);
    void window.add({ tenantId: 1, entity: 'hyDriver', id: 'c' });
    await vi.advanceTimersByTimeAsync(20);
    void window.add({ tenantId: 1, entity: 'hyDriver', id: 'd' });
    await vi.advanceTimersByTimeAsync(19);
    expect(delivered).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(delivered[1]).toEqual({ at: start + 50, ids: ['c', 'd'] });

    // A quiet spell longer than the window: the next change goes at once again.
    await vi.advanceTimersByTimeAsync(200);
    void window.add({ tenantId: 1, entity: 'hyDriver', id: 'e' });
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered[2]).toEqual({ at: start + 250, ids: ['e'] });
    window.close();
  });
});
