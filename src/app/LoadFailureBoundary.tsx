/**
 * Turns a failed lazy load around the private area into a page the user can recover from, in plain React: after
 * a deployment the old hashed chunks are gone, and that includes antd's, so this page cannot need them. Other
 * errors go on to the next boundary up, unchanged (as ChunkErrorBoundary does for antd screens).
 */
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
// Only these two (no antd) are taken from the module; its antd imports are tree-shaken away.
import { CHUNK_ERROR_TITLE, isChunkLoadError } from './dialogs/ChunkErrorBoundary.tsx';
import './user/user-pages.css';

interface Props {
  children: ReactNode;
}

export class LoadFailureBoundary extends Component<Props, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isChunkLoadError(error)) console.warn('A page module failed to load', error, info.componentStack);
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return (
      <div className="up-failure" role="alert">
        <h1>{CHUNK_ERROR_TITLE}</h1>
        <p>页面文件未能下载，可能是网络不稳定或系统刚刚更新。请重新加载页面。</p>
        <button type="button" className="up-button up-button-primary" onClick={() => window.location.reload()}>
          重新加载
        </button>
      </div>
    );
  }
}
