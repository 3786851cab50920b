/**
 * Turns a failed lazy load into a page the user can recover from. After a deployment, an open tab still asks for
 * the old hashed chunks, which are gone: React would unmount everything and leave a blank screen. Only loading
 * failures are caught here; any other error goes on to the next boundary up, unchanged.
 */
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button, Result } from 'antd';

export const CHUNK_ERROR_TITLE = '页面加载失败';

/** Messages browsers and Vite give when a code-split module or its CSS cannot be fetched or resolved. */
const LOAD_FAILURE_PATTERNS: readonly RegExp[] = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload
  /Unknown variable dynamic import/i, // Vite: no module for that screen
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack-style chunk errors
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return LOAD_FAILURE_PATTERNS.some((pattern) => pattern.test(error.message));
}

interface ChunkErrorBoundaryProps {
  children: ReactNode;
  /** Replaced in tests; jsdom cannot reload. */
  reload?: () => void;
}

interface ChunkErrorBoundaryState {
  error: Error | null;
}

export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, ChunkErrorBoundaryState> {
  state: ChunkErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ChunkErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isChunkLoadError(error)) console.warn('A page module failed to load', error, info.componentStack);
  }

  private readonly reload = () => {
    (this.props.reload ?? (() => window.location.reload()))();
  };

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Not ours to handle: rethrowing during render hands it to the boundary above.
    if (!isChunkLoadError(error)) throw error;
    return (
      <Result
        status="warning"
        title={CHUNK_ERROR_TITLE}
        subTitle="页面文件未能下载，可能是网络不稳定或系统刚刚更新。请重新加载页面。"
        extra={
          <Button type="primary" onClick={this.reload}>
            重新加载
          </Button>
        }
      />
    );
  }
}
