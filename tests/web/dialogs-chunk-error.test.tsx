import { Component, lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary, isChunkLoadError } from '../../src/app/dialogs/ChunkErrorBoundary.tsx';

function failingScreen(error: Error) {
  return lazy(() => Promise.reject(error));
}

class Outer extends Component<{ children: ReactNode }, { caught?: string }> {
  state: { caught?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { caught: error.message };
  }
  render() {
    return this.state.caught ? <p>外层接住：{this.state.caught}</p> : this.props.children;
  }
}

function renderScreen(error: Error, reload = vi.fn()) {
  const Screen = failingScreen(error);
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <Outer>
        <ChunkErrorBoundary reload={reload}>
          <Suspense fallback={<p>加载中</p>}>
            <Screen />
          </Suspense>
        </ChunkErrorBoundary>
      </Outer>
    </ConfigProvider>,
  );
  return reload;
}

describe('recoverable page-load failure', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://x/assets/List-abc.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: http://x/assets/List-abc.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite CSS preload', new Error('Unable to preload CSS for /assets/List-abc.css')],
    ['unknown screen module', new Error('Unknown variable dynamic import: ./pages/Nope.tsx')],
  ])('offers 重新加载 instead of a blank screen (%s)', async (_, error) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reload = renderScreen(error);
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('recognises a ChunkLoadError by name', () => {
    const error = new Error('Loading chunk 7 failed.');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('passes any other error on to the boundary above, untouched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(new Error('Cannot read properties of undefined'));
    expect(await screen.findByText('外层接住：Cannot read properties of undefined')).toBeInTheDocument();
    expect(screen.queryByText('页面加载失败')).not.toBeInTheDocument();
  });
});
