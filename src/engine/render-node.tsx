/**
 * Renders a registered node by type inside Suspense and an error boundary. The engine stays free of antd, so the
 * error box and the loading hint are plain elements.
 */
import { Component, createContext, Suspense, useContext } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import type { Registry } from './registry.ts';

const RegistryContext = createContext<Registry | null>(null);

export function RegistryProvider(props: { registry: Registry; children: ReactNode }) {
  return <RegistryContext.Provider value={props.registry}>{props.children}</RegistryContext.Provider>;
}

export function useRegistry(): Registry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry() needs a <RegistryProvider> above it');
  return registry;
}

const errorBoxStyle = {
  border: '1px solid #ffccc7',
  background: '#fff2f0',
  color: '#a8071a',
  borderRadius: 6,
  padding: '12px 16px',
  margin: 8,
  fontSize: 14,
} as const;

/** A visible, readable failure in place of a screen part. */
export function ErrorBox(props: { title: string; detail?: string }) {
  return (
    <div role="alert" style={errorBoxStyle}>
      <strong>{props.title}</strong>
      {props.detail ? <div style={{ marginTop: 4, whiteSpace: 'pre-wrap' }}>{props.detail}</div> : null}
    </div>
  );
}

export function LoadingHint() {
  return (
    <div role="status" aria-live="polite" style={{ padding: 24, color: '#8c8c8c' }}>
      加载中…
    </div>
  );
}

interface BoundaryState {
  error: Error | null;
}

/** Catches a renderer that fails to load or to render, so one broken part does not blank the whole screen. */
export class RenderErrorBoundary extends Component<{ label: string; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Renderer "${this.props.label}" failed`, error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ErrorBox title={`渲染失败：${this.props.label}`} detail={this.state.error.message} />;
    return this.props.children;
  }
}

export interface RenderNodeProps<P extends object> {
  type: string;
  props: P;
  fallback?: ReactNode;
}

export function RenderNode<P extends object>({ type, props, fallback }: RenderNodeProps<P>) {
  const Renderer = useRegistry().component<P>(type);
  if (!Renderer) return <ErrorBox title={`未知的渲染器类型：${type}`} detail="该类型没有注册渲染器，请检查页面配置。" />;
  return (
    <RenderErrorBoundary label={type}>
      <Suspense fallback={fallback ?? <LoadingHint />}>
        <Renderer {...props} />
      </Suspense>
    </RenderErrorBoundary>
  );
}
