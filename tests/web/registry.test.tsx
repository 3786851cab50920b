import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRegistry, DuplicateRendererError } from '../../src/engine/registry.ts';
import { RegistryProvider, RenderNode } from '../../src/engine/render-node.tsx';

function Hello(props: { name: string }) {
  return <p>你好，{props.name}</p>;
}
function Other() {
  return <p>另一个</p>;
}

describe('renderer registry', () => {
  it('renders a registered type by exact name', async () => {
    const registry = createRegistry();
    registry.register<{ name: string }>({ type: 'hello', load: async () => ({ default: Hello }) });
    render(
      <RegistryProvider registry={registry}>
        <RenderNode type="hello" props={{ name: '司机' }} />
      </RegistryProvider>,
    );
    expect(await screen.findByText('你好，司机')).toBeInTheDocument();
    expect(registry.has('hello')).toBe(true);
    // Exact match only: no prefix or case folding.
    expect(registry.component('hell')).toBeUndefined();
    expect(registry.component('Hello')).toBeUndefined();
  });

  it('refuses a duplicate type unless override is set', async () => {
    const registry = createRegistry();
    registry.register({ type: 'hello', load: async () => ({ default: Hello }) });
    expect(() => registry.register({ type: 'hello', load: async () => ({ default: Other }) })).toThrow(DuplicateRendererError);

    registry.register({ type: 'hello', load: async () => ({ default: Other }), override: true });
    render(
      <RegistryProvider registry={registry}>
        <RenderNode type="hello" props={{}} />
      </RegistryProvider>,
    );
    expect(await screen.findByText('另一个')).toBeInTheDocument();
    expect(registry.list()).toEqual(['hello']);
  });

  it('shows a visible error box for an unknown type', () => {
    const registry = createRegistry();
    render(
      <RegistryProvider registry={registry}>
        <RenderNode type="no-such-thing" props={{}} />
      </RegistryProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('未知的渲染器类型：no-such-thing');
  });

  it('loads each renderer once, on first use', async () => {
    const registry = createRegistry();
    let loads = 0;
    registry.register({
      type: 'hello',
      load: async () => {
        loads += 1;
        return { default: Other };
      },
    });
    expect(loads).toBe(0);
    const { unmount } = render(
      <RegistryProvider registry={registry}>
        <RenderNode type="hello" props={{}} />
        <RenderNode type="hello" props={{}} />
      </RegistryProvider>,
    );
    expect(await screen.findAllByText('另一个')).toHaveLength(2);
    unmount();
    expect(loads).toBe(1);
  });
});
