import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { AntdFrame } from '../../src/app/AntdFrame.tsx';
import { AntdFrameWanted } from '../../src/app/antd-frame-flag.ts';
import { REDUCED_MOTION_QUERY } from '../../src/app/layout/responsive.ts';

function MotionToken() {
  const { token } = theme.useToken();
  return <output aria-label="motion">{String(token.motion)}</output>;
}

/** Renders the antd frame as production does, with the system's reduced-motion setting as given. */
function renderFrame(reduced: boolean) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...original(query), matches: reduced && query === REDUCED_MOTION_QUERY });
  try {
    render(
      <AntdFrameWanted.Provider value>
        <AntdFrame>
          <MotionToken />
        </AntdFrame>
      </AntdFrameWanted.Provider>,
    );
  } finally {
    window.matchMedia = original;
  }
}

describe('antd motion follows the system setting', () => {
  it('keeps the open and close animations by default', () => {
    renderFrame(false);
    expect(screen.getByRole('status', { name: 'motion' }).textContent).toBe('true');
  });

  it('turns them off for a person who asked for reduced motion', () => {
    renderFrame(true);
    expect(screen.getByRole('status', { name: 'motion' }).textContent).toBe('false');
  });
});
