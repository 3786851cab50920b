/**
 * The shell's short messages ('首页不能关闭!', '刷新缓存完成！', the shipper switch…), shown top centre for 3 s like
 * antd's `message`, without antd: the shell paints before antd has loaded.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';

export type ToastKind = 'success' | 'warning' | 'error' | 'info';

export interface ShellMessage {
  success(text: string): void;
  warning(text: string): void;
  error(text: string): void;
  info(text: string): void;
}

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

const DURATION_MS = 3000;
const MARKS: Record<ToastKind, string> = { success: '✓', warning: '!', error: '✕', info: 'i' };

const ToastContext = createContext<ShellMessage | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const show = useCallback((kind: ToastKind, text: string) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((list) => [...list, { id, kind, text }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((list) => list.filter((toast) => toast.id !== id));
    }, DURATION_MS);
    timers.current.add(timer);
  }, []);

  const api = useMemo<ShellMessage>(
    () => ({
      success: (text) => show('success', text),
      warning: (text) => show('warning', text),
      error: (text) => show('error', text),
      info: (text) => show('info', text),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="shell-toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`shell-toast shell-toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <span className="shell-toast-mark" aria-hidden="true">
              {MARKS[toast.kind]}
            </span>
            <span>{toast.text}</span>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useShellMessage(): ShellMessage {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useShellMessage() needs a <ToastProvider> above it');
  return api;
}
