/**
 * The push channel of the notification bell (contract §7): `new WebSocket(<base>/websocket/<userId>, [token])`.
 * The session token travels as the subprotocol — never in the URL, where proxies and logs would keep it. A lost
 * connection is retried with a growing pause (2 s doubling to 60 s, reset once connected); a heartbeat every 30 s
 * keeps idle proxies from cutting it. Pushes only say "something changed": the bell reloads its list over HTTP.
 */
import { useEffect, useRef } from 'react';

export interface SocketPush {
  cmd: string;
  msgId?: string;
  msgTxt?: string;
}

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;
const HEARTBEAT_MS = 30_000;

/** `ws(s)://host/<base path>/websocket/<userId>` for an API base such as `/jeecg-boot` or `https://x/jeecg-boot`. */
export function announcementSocketUrl(apiBase: string, userId: string, pageUrl: string): string {
  const base = new URL(apiBase, pageUrl);
  const protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = base.pathname.replace(/\/+$/, '');
  return `${protocol}//${base.host}${path}/websocket/${encodeURIComponent(userId)}`;
}

export function retryDelay(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
}

export interface AnnouncementSocketOptions {
  /** False until the server showed it has announcements (the first list loaded): no socket before. */
  enabled: boolean;
  apiBase: string;
  userId: string | undefined;
  token: string | undefined;
  onPush(push: SocketPush): void;
}

export function useAnnouncementSocket({ enabled, apiBase, userId, token, onPush }: AnnouncementSocketOptions): void {
  const pushRef = useRef(onPush);
  pushRef.current = onPush;

  useEffect(() => {
    if (!enabled || !userId || !token || typeof WebSocket !== 'function') return;
    const url = announcementSocketUrl(apiBase, userId, window.location.href);
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      socket = new WebSocket(url, [token]);
      socket.onopen = () => {
        attempt = 0;
        heartbeat = setInterval(() => socket?.send('HeartBeat'), HEARTBEAT_MS);
      };
      socket.onmessage = (event: MessageEvent) => {
        let push: SocketPush;
        try {
          push = JSON.parse(String(event.data)) as SocketPush;
        } catch {
          return;
        }
        if (push && typeof push.cmd === 'string' && push.cmd !== 'heartcheck') pushRef.current(push);
      };
      socket.onclose = () => {
        clearInterval(heartbeat);
        if (stopped) return;
        retry = setTimeout(connect, retryDelay(attempt));
        attempt += 1;
      };
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      socket?.close();
    };
  }, [enabled, apiBase, userId, token]);
}
