/** The platform's clock: dates and times as Shanghai sees them, in the wire format (`YYYY-MM-DD HH:mm:ss`). */

// sv-SE formats as `YYYY-MM-DD HH:mm:ss`, the wire format of dates and times. Built once: constructing a
// formatter per call (what toLocaleString does) cost more than the whole list query.
const SHANGHAI_CLOCK = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  hour12: false,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** `YYYY-MM-DD HH:mm:ss` in Shanghai (the JeecgBoot wire format). */
export function wireTime(date: Date): string {
  return SHANGHAI_CLOCK.format(date);
}

export function shanghaiNow(): { date: string; time: string } {
  const text = wireTime(new Date());
  return { date: text.slice(0, 10), time: text.slice(0, 19) };
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
