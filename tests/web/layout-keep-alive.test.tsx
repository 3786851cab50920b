import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { KeepAliveRoutes } from '../../src/app/layout/KeepAliveRoutes.tsx';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function renderRoutes(location: Location) {
  return (
    <Routes location={location}>
      <Route path="/kept" element={<Counter name="常驻" />} />
      <Route path="/plain" element={<Counter name="普通" />} />
      <Route path="/other" element={<p>别的页面</p>} />
    </Routes>
  );
}

function Harness({ retained = true, refreshes = 0 }: { retained?: boolean; refreshes?: number }) {
  return (
    <>
      <nav>
        <Link to="/kept">去常驻</Link>
        <Link to="/plain">去普通</Link>
        <Link to="/other">去别处</Link>
      </nav>
      <KeepAliveRoutes
        renderRoutes={renderRoutes}
        keepAlive={(path) => path === '/kept'}
        retain={() => retained}
        remountKey={() => refreshes}
      />
    </>
  );
}

async function countTo(user: ReturnType<typeof userEvent.setup>, name: string, times: number) {
  for (let i = 0; i < times; i += 1) await user.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
}

describe('keep-alive content', () => {
  it('keeps the state of a keepAlive screen while another one shows, and remounts the others', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/kept']}>
        <Harness />
      </MemoryRouter>,
    );
    await countTo(user, '常驻', 2);
    await user.click(screen.getByRole('link', { name: '去普通' }));
    // Hidden, not gone: a user no longer sees it.
    expect(screen.queryByRole('button', { name: /^常驻/ })).not.toBeInTheDocument();
    await countTo(user, '普通', 3);
    expect(screen.getByRole('button', { name: '普通 3' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: '去常驻' }));
    expect(screen.getByRole('button', { name: '常驻 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '去普通' }));
    expect(screen.getByRole('button', { name: '普通 0' })).toBeInTheDocument();
  });

  it('lets a kept screen go when it is no longer retained (its tab closed) and remounts it on refresh', async () => {
    const user = userEvent.setup();
    const view = render(
      <MemoryRouter initialEntries={['/kept']}>
        <Harness />
      </MemoryRouter>,
    );
    await countTo(user, '常驻', 2);
    view.rerender(
      <MemoryRouter initialEntries={['/kept']}>
        <Harness refreshes={1} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: '常驻 0' })).toBeInTheDocument();

    await countTo(user, '常驻', 1);
    await user.click(screen.getByRole('link', { name: '去别处' }));
    view.rerender(
      <MemoryRouter initialEntries={['/kept']}>
        <Harness retained={false} refreshes={1} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: '去常驻' }));
    expect(screen.getByRole('button', { name: '常驻 0' })).toBeInTheDocument();
  });
});
