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

export async function openLoop(url: string, headers: Record<string, string>, rate: number, seconds: number, connections: number): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let errors = 0;
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.get({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers, agent }, (response) => {
        if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) errors += 1;
        response.on('data', () => undefined);
        response.on('end', () => {
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(one(due));
    }
    await Promise.all(pending);
  } finally {
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] : Number.NaN);
  return { sent: total, errors, p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] ?? Number.NaN };
}
