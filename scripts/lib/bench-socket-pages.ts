/**
 * The client side of `npm run bench:socket`: many WebSocket pages in this process, each counting which stamped row
 * updates reach it and how long after they were sent. A stamp `bench#<seq>#` travels inside the row (its remark),
 * so the latency is measured on one clock (this process's) from the moment the update was sent to the moment the
 * page's socket delivered the frame. Frames are searched as bytes, not parsed, so the pages cost little CPU; a
 * sample is parsed to check masking. A batch frame (`update_vxe_table_batch`) carries several rows, so several
 * stamps: each counts as one row delivered.
 */
import WebSocket from 'ws';
import type { BenchUser } from './bench-socket-server.ts';

export type Grid = 'hyShippingNote' | 'hyDriver';

export interface PagePlan {
  user: BenchUser;
  token: string;
  grid: Grid;
}

export interface Update {
  entity: Grid;
  id: string;
  customerId: string | null;
  agentId: string | null;
}

const STAMP = Buffer.from('bench#');
const HASH = '#'.charCodeAt(0);
const MASK_SAMPLE = 20;

export function stampOf(seq: number): string {
  return `bench#${seq}#`;
}

/** Whether the page's user may see the update's row: staff see all; a shipper sees its customer's (or agented) waybills and every driver. */
export function mayReceive(page: PagePlan, update: Update): boolean {
  if (page.grid !== update.entity) return false;
  if (page.user.customerId === null || update.entity === 'hyDriver') return true;
  return page.user.customerId === update.customerId || page.user.customerId === update.agentId;
}

/** Counts for one phase (the app, or the ceiling) over the same plan and updates. */
export class Recorder {
  readonly sentAt: Float64Array;
  private readonly seen: Uint8Array;
  readonly latencies: number[] = [];
  expected = 0;
  duplicates = 0;
  leaks = 0;
  readonly leakExamples: string[] = [];
  maskChecked = 0;
  maskFailures = 0;
  foreign = 0;
  heartbeats = 0;
  /** Frames carrying rows (a batch frame counts once however many rows it has). */
  frames = 0;
  /** When the last row arrived (performance.now()). */
  lastAt = Number.NaN;
  /** Where lost deliveries were (grid/user kind → count) and the range of their updates, to tell a cause. */
  readonly lostWhere = new Map<string, number>();
  readonly lostSeqs: [number, number] = [Infinity, -1];
  /** Per entity, the first row delivered to staff as its `[row, caseId]` JSON (the ceiling replays it restamped). */
  readonly samples = new Map<Grid, string>();

  /** `checkMasks`: the app's frames are per user; the ceiling replays one staff frame to everyone, so it is not checked. */
  constructor(readonly plan: PagePlan[], readonly updates: Update[], private readonly checkMasks = true) {
    this.sentAt = new Float64Array(updates.length).fill(Number.NaN);
    this.seen = new Uint8Array(plan.length * updates.length);
  }

  /** An update was sent now: its expected receivers count from here. */
  sent(seq: number): void {
    this.sentAt[seq] = performance.now();
    const update = this.updates[seq];
    for (const page of this.plan) if (mayReceive(page, update)) this.expected += 1;
  }

  get delivered(): number {
    return this.latencies.length;
  }

  onFrame(pageIndex: number, data: Buffer): void {
    let at = data.indexOf(STAMP);
    if (at < 0) {
      if (data.length < 64 && data.includes('heart_beat')) this.heartbeats += 1;
      else this.foreign += 1;
      return;
    }
    const now = performance.now();
    this.frames += 1;
    let checkMasks = false;
    for (; at >= 0; at = data.indexOf(STAMP, at + STAMP.length)) {
      let seq = 0;
      for (let i = at + STAMP.length; i < data.length && data[i] !== HASH; i++) seq = seq * 10 + (data[i] - 48);
      const update = this.updates[seq];
      const page = this.plan[pageIndex];
      if (!update || Number.isNaN(this.sentAt[seq])) {
        this.foreign += 1;
        continue;
      }
      if (!mayReceive(page, update)) {
        this.leaks += 1;
        if (this.leakExamples.length < 5) this.leakExamples.push(`${update.entity} ${update.id} (customer ${update.customerId}) to ${page.user.username}`);
        continue;
      }
      const slot = pageIndex * this.updates.length + seq;
      if (this.seen[slot]) {
        this.duplicates += 1;
        continue;
      }
      this.seen[slot] = 1;
      this.latencies.push(now - this.sentAt[seq]);
      this.lastAt = now;
      if (!this.samples.has(update.entity) && page.user.customerId === null) this.samples.set(update.entity, sampleRow(data, stampOf(seq)));
      if (this.checkMasks && page.user.customerId !== null && update.entity === 'hyDriver' && seq % MASK_SAMPLE === 0) checkMasks = true;
    }
    if (checkMasks) this.checkMasked(data);
  }

  /**
   * Expected deliveries that did not arrive, split in two: `superseded` — the page got a later edit of the same row
   * instead (the delivery re-read the row after that later edit committed, so the page shows the newest row, and
   * that later edit then arrives twice); `lost` — not even that.
   */
  missing(finalSeq: Map<string, number> = new Map()): { lost: number; superseded: number; overtaken: number } {
    const nextOfRow = new Int32Array(this.updates.length).fill(-1);
    const last = new Map<string, number>();
    for (let seq = this.updates.length - 1; seq >= 0; seq--) {
      const key = `${this.updates[seq].entity}:${this.updates[seq].id}`;
      nextOfRow[seq] = last.get(key) ?? -1;
      last.set(key, seq);
    }
    let [lost, superseded, overtaken] = [0, 0, 0];
    const n = this.updates.length;
    this.plan.forEach((page, p) => {
      for (let seq = 0; seq < n; seq++) {
        if (Number.isNaN(this.sentAt[seq]) || this.seen[p * n + seq] || !mayReceive(page, this.updates[seq])) continue;
        let later = nextOfRow[seq];
        while (later >= 0 && !this.seen[p * n + later]) later = nextOfRow[later];
        if (later >= 0) superseded += 1;
        else if (this.overtakenBy(p, seq, finalSeq)) overtaken += 1;
        else {
          lost += 1;
          const where = `${page.grid}/${page.user.customerId === null ? 'staff' : 'shipper'}`;
          this.lostWhere.set(where, (this.lostWhere.get(where) ?? 0) + 1);
          this.lostSeqs[0] = Math.min(this.lostSeqs[0], seq);
          this.lostSeqs[1] = Math.max(this.lostSeqs[1], seq);
        }
      }
    });
    return { lost, superseded, overtaken };
  }

  /**
   * The row's stored state is an *earlier* edit that committed after this one (edit requests overtaking each other
   * under load), and the page got that state: the page shows what the database holds, so the update was not lost —
   * this edit no longer exists to be sent.
   */
  private overtakenBy(pageIndex: number, seq: number, finalSeq: Map<string, number>): boolean {
    const update = this.updates[seq];
    const final = finalSeq.get(`${update.entity}:${update.id}`);
    return final !== undefined && final < seq && this.seen[pageIndex * this.updates.length + final] === 1;
  }

  /** A shipper never gets a driver's full ID card number (every row of the frame is checked). */
  private checkMasked(data: Buffer): void {
    for (const [row] of rowsOf(data)) {
      const idCard = row?.idCard;
      this.maskChecked += 1;
      if (typeof idCard === 'string' && idCard.length > 0 && !idCard.includes('*')) this.maskFailures += 1;
    }
  }
}

type RowEntry = [Record<string, unknown> | null, unknown];

/** The `[row, caseId]` entries of a frame, single (`args`) or batch (`rows`). */
function rowsOf(data: Buffer): RowEntry[] {
  const message = JSON.parse(data.toString()) as { data?: { args?: RowEntry; rows?: RowEntry[] } };
  return message.data?.rows ?? (message.data?.args ? [message.data.args] : []);
}

/** The entry carrying `stamp`, as JSON (what the server serialises once per view and the ceiling replays). */
function sampleRow(data: Buffer, stamp: string): string {
  const entry = rowsOf(data).find(([row]) => String(row?.remark ?? '').includes(stamp));
  return JSON.stringify(entry ?? null);
}

export interface OpenPages {
  sockets: WebSocket[];
  /** Sockets that closed before close() (the server ended them). */
  closedEarly(): number;
  close(): void;
}

/** Opens every page (`concurrency` handshakes at a time); `afterOpen` runs per socket (bind) and may wait for a reply. */
export async function openPages(
  plan: PagePlan[],
  url: (page: PagePlan, index: number) => string,
  protocols: (page: PagePlan) => string[],
  onFrame: (index: number, data: Buffer) => void,
  afterOpen: (socket: WebSocket, page: PagePlan) => Promise<void>,
  concurrency = 40,
): Promise<OpenPages> {
  const sockets: WebSocket[] = new Array(plan.length);
  let next = 0;
  let [closing, early] = [false, 0];
  async function worker(): Promise<void> {
    while (next < plan.length) {
      const index = next++;
      const page = plan[index];
      const socket = new WebSocket(url(page, index), protocols(page), { perMessageDeflate: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
        socket.once('unexpected-response', (_request, response) => reject(new Error(`page ${index} refused: ${response.statusCode}`)));
      });
      sockets[index] = socket;
      await afterOpen(socket, page);
      socket.on('message', (data: Buffer, isBinary) => {
        if (!isBinary) onFrame(index, data);
      });
      socket.on('close', () => void (closing || (early += 1)));
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return {
    sockets,
    closedEarly: () => early,
    close: () => {
      closing = true;
      for (const socket of sockets) socket?.terminate();
    },
  };
}

/** Sends a message and resolves on the first frame that contains `reply` (before the page's counting handler is attached). */
export function roundTrip(socket: WebSocket, message: unknown, reply: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      if (!data.includes(reply)) return;
      socket.off('message', onMessage);
      resolve();
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify(message));
  });
}

/** Every page sends a heartbeat every `everyMs` (as the client does), phases spread evenly. */
export function heartbeats(sockets: WebSocket[], everyMs: number): () => void {
  const timers = sockets.map((socket, i) => {
    const start = setTimeout(() => {
      socket.send('{"type":"heart_beat","data":""}');
      timers[i].interval = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send('{"type":"heart_beat","data":""}'), everyMs);
    }, (everyMs * i) / sockets.length);
    return { start, interval: undefined as NodeJS.Timeout | undefined };
  });
  return () => {
    for (const t of timers) {
      clearTimeout(t.start);
      if (t.interval) clearInterval(t.interval);
    }
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
