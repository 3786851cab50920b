/**
 * The generation of cached list totals (paging.ts): it changes whenever they are forgotten, and list pages cached
 * before then (list-cache.ts) are not reused. Apart from both so that neither imports the other.
 */
let generation = 0;

export function countCacheGeneration(): number {
  return generation;
}

/** Called by paging.ts `clearCountCache` as it forgets the cached totals. */
export function nextCountCacheGeneration(): void {
  generation += 1;
}
