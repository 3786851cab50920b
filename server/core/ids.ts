/**
 * Snowflake-style ids as decimal strings (JeecgBoot uses 19-digit ASSIGN_ID strings in varchar(32)): time-ordered,
 * so the primary-key index stays append-mostly, and unique within a process through a sequence.
 */
const EPOCH = 1_700_000_000_000n;
const worker = BigInt(Math.floor(Math.random() * 1024));
let lastMs = 0n;
let sequence = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | sequence).toString();
}
