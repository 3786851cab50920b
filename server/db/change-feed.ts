/**
 * A cache's link to the database's NOTIFY channel. A cache may answer from memory only while the link is up: it is
 * told `setLive(false)` when listening fails or the connection drops (and goes back to reading every time), and
 * the link is retried every few seconds.
 */

/** A database's notification feed: `listen` resolves once listening; `onLost` runs if the feed breaks. */
export interface NotificationFeed {
  listen(channel: string, onNotify: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
}

export interface FeedTarget {
  onNotify(payload: string): void;
  setLive(live: boolean): void;
}

export async function startChangeFeed(
  feed: NotificationFeed,
  channel: string,
  target: FeedTarget,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (!stopped && !retry) retry = setTimeout(() => ((retry = null), void connect()), 3000);
  };
  const lost = (): void => {
    target.setLive(false);
    unlisten = null;
    log('change feed lost; reading from the database until it is back');
    schedule();
  };
  async function connect(): Promise<void> {
    try {
      unlisten = await feed.listen(channel, (payload) => target.onNotify(payload), lost);
      if (stopped) return void (await unlisten());
      target.setLive(true);
    } catch (error) {
      log(`cannot listen for changes (${error instanceof Error ? error.message : String(error)}); reading from the database`);
      schedule();
    }
  }
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    target.setLive(false);
    if (unlisten) await unlisten().catch(() => undefined);
  };
}
