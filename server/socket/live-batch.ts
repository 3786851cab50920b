/**
 * The ~50 ms window of live row updates (issue 6, perf-anchors §4.7): changes are collected per (tenant, entity) as a
 * set of row ids, and at the end of the window each group is delivered at once — the rows read in one statement, each
 * page sent one frame. Deliveries start at most once per window, not a window after every first change: a change
 * after a quiet spell goes out at once (the next tick, so changes of the same moment share it), and only changes
 * following a delivery wait for the rest of its window. Under load that is the same one frame per page per window;
 * a lone edit no longer waits 50 ms for company that is not coming. A row changed twice within a window is sent once,
 * in its latest state. Windows are delivered one after another, in order; while one is being delivered the next
 * keeps collecting (the batch grows under load instead of the queue). A window whose delivery fails is retried with
 * the next one, so a change is not dropped on a transient database error.
 */
import type { RowChange } from './live-rows.ts';

export interface QueuedChanges {
  tenantId: number;
  entity: string;
  /** Row id → the page that made the change (null when the server did, or several pages did within the window). */
  ids: Map<string, string | null>;
  /** Failed deliveries of these ids so far. */
  attempts: number;
}

/** Deliveries of a group are tried this often before its changes are given up (and counted in `dropped`). */
const MAX_ATTEMPTS = 3;

/** `VXE_SOCKET_BATCH_MS` (default 50): the window; 0 turns batching off (one delivery and frame per change). */
export function batchWindowFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.VXE_SOCKET_BATCH_MS ?? 50);
  return Number.isFinite(value) && value >= 0 ? value : 50;
}

/** How long changes queued now wait: until `windowMs` after the last delivery started, and not at all after a quiet spell. */
export function windowDelay(lastStartedAt: number, windowMs: number, now: number): number {
  return Math.max(0, Math.min(windowMs, lastStartedAt + windowMs - now));
}

export class ChangeWindow {
  private queued = new Map<string, QueuedChanges>();
  /** Resolves once the window now collecting has been delivered. */
  private due: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private lastStartedAt = Number.NEGATIVE_INFINITY;
  /** Changes given up after MAX_ATTEMPTS failed deliveries (should stay 0; reported, never silent). */
  dropped = 0;

  constructor(
    private readonly windowMs: number,
    private readonly flush: (group: QueuedChanges) => Promise<unknown>,
    private readonly onError: (error: unknown, group: QueuedChanges, givenUp: boolean) => void = () => undefined,
  ) {}

  /** Queues the change; resolves when the window holding it has been delivered. */
  add(change: RowChange): Promise<void> {
    this.merge({ tenantId: change.tenantId, entity: change.entity, ids: new Map([[change.id, change.caseId ?? null]]), attempts: 0 });
    return this.schedule();
  }

  /** Resolves when everything queued so far has been delivered (or given up). */
  async idle(): Promise<void> {
    await this.due;
    await this.chain;
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private merge(group: QueuedChanges): void {
    const key = `${group.tenantId}\u0000${group.entity}`;
    const into = this.queued.get(key);
    if (!into) {
      this.queued.set(key, group);
      return;
    }
    into.attempts = Math.max(into.attempts, group.attempts);
    for (const [id, caseId] of group.ids) {
      // Changed by two pages within one window: both get the row (each only skips its own echo).
      into.ids.set(id, into.ids.has(id) && into.ids.get(id) !== caseId ? null : caseId);
    }
  }

  private schedule(): Promise<void> {
    this.due ??= new Promise<void>((resolve) => {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.due = null;
        this.lastStartedAt = performance.now();
        this.chain = this.chain.then(() => this.deliver()).then(resolve);
      }, windowDelay(this.lastStartedAt, this.windowMs, performance.now()));
    });
    return this.due;
  }

  /** Delivers what has collected by now (more than one window's worth when the previous delivery ran long). */
  private async deliver(): Promise<void> {
    const groups = [...this.queued.values()];
    this.queued = new Map();
    await Promise.all(
      groups.map(async (group) => {
        try {
          await this.flush(group);
        } catch (error) {
          const givenUp = group.attempts + 1 >= MAX_ATTEMPTS;
          this.onError(error, group, givenUp);
          if (givenUp) this.dropped += group.ids.size;
          else {
            this.merge({ ...group, attempts: group.attempts + 1 });
            void this.schedule();
          }
        }
      }),
    );
  }
}
