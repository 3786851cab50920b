/** `layouts/RouteView`: a folder route that only hosts its child screens. */
import { Outlet } from 'react-router';

export default function RouteView() {
  return <Outlet />;
}
