/**
 * A small keep-alive for the content area. Screens whose menu says `keepAlive` stay mounted once visited and are
 * merely hidden while another screen shows, so their state (query form, page, scroll) survives a tab switch;
 * every other screen mounts afresh each time it is shown. A cached screen is dropped when `retain` lets it go
 * (its tab closed), and remounts when its `remountKey` changes (刷新).
 */
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Location } from 'react-router';

interface KeepAliveRoutesProps {
  /** The route table rendered for a given location (each cached screen keeps its own). */
  renderRoutes(location: Location): ReactNode;
  keepAlive(pathname: string): boolean;
  retain(pathname: string): boolean;
  remountKey(pathname: string): number;
}

export function KeepAliveRoutes({ renderRoutes, keepAlive, retain, remountKey }: KeepAliveRoutesProps) {
  const location = useLocation();
  const { pathname } = location;
  // Insertion-ordered, so kept screens never change places (React would otherwise remount them).
  const cache = useRef(new Map<string, Location>());
  const cached = cache.current;
  if (keepAlive(pathname)) cached.set(pathname, location);
  for (const path of [...cached.keys()]) {
    if (path !== pathname && !retain(path)) cached.delete(path);
  }

  return (
    <>
      {[...cached].map(([path, kept]) => (
        <div key={`kept:${path}:${remountKey(path)}`} hidden={path !== pathname}>
          {renderRoutes(kept)}
        </div>
      ))}
      {cached.has(pathname) ? null : <div key={`live:${pathname}:${remountKey(pathname)}`}>{renderRoutes(location)}</div>}
    </>
  );
}
