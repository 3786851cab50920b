/** Lazily loaded from AppRoutes: the 404 page (antd) inside antd's providers. */
import { AntdFrame } from './AntdFrame.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export function FramedNotFoundPage() {
  return (
    <AntdFrame>
      <NotFoundPage />
    </AntdFrame>
  );
}
