/** Machine helpers for `npm run bench:socket`: free ports and CPU accounting from /proc. */
import fs from 'node:fs';
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Busy and total jiffies of all cores (the whole box, every process). */
export function cpuTimes(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = line[3] + (line[4] ?? 0);
  const total = line.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** CPU seconds so far per process whose command line matches (PostgreSQL backends of the scratch database, redis-server). */
export function processCpu(match: RegExp): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!match.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '))) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU used since `before` by the processes alive now (a backend that exited in between is not counted). */
export function cpuSince(before: Map<string, number>, match: RegExp): number {
  let sum = 0;
  for (const [pid, seconds] of processCpu(match)) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}
