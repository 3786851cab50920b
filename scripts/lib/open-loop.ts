/**
 * An open-loop HTTP load: request i is due at start + i / rate, whatever happened to the ones before, and its latency
 * counts from that due time, so a stall shows in every request it delays (no coordinated omission). Requests go out
 * through a keep-alive pool of `connections` sockets; one due while all are busy waits for a socket, and that wait
 * is latency too.
 *
 * Why not autocannon's `overallRate`: it gives each connection a budget of requests per second and sends them back
 * to back until the budget is spent, then idles until the next second — a closed loop at full speed for part of
 * every second, whose latencies are those of saturation, not of the rate asked for.
 */
import http from 'node:http';

export interface OpenLoopResult {
  sent: number;
  /** Requests answered with a status outside 2xx, or that failed. */
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Calls `send` for request i at start + i / rate, without waiting for earlier ones, and returns each one's latency
 * from its due time (sorted) and how many reported failure. The schedule any open-loop measurement here uses.
 */
export async function onSchedule(rate: number, seconds: number, send: () => Promise<boolean>): Promise<{ latencies: number[]; errors: number }> {
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let errors = 0;
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      send().then((ok) => {
        if (!ok) errors += 1;
        latencies.push(performance.now() - due);
      }),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { latencies, errors };
}

/** The value at quantile q of sorted values (NaN when there are none). */
export function quantileOf(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] : Number.NaN;
}

export async function openLoop(url: string, headers: Record<string, string>, rate: number, seconds: number, connections: number): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const get = () =>
    new Promise<boolean>((resolve) => {
      const request = http.get({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers, agent }, (response) => {
        const ok = (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300;
        response.on('data', () => undefined);
        response.on('end', () => resolve(ok));
      });
      request.on('error', () => resolve(false));
    });
  try {
    const { latencies, errors } = await onSchedule(rate, seconds, get);
    return { sent: latencies.length, errors, p50: quantileOf(latencies, 0.5), p99: quantileOf(latencies, 0.99), max: latencies[latencies.length - 1] ?? Number.NaN };
  } finally {
    agent.destroy();
  }
}
