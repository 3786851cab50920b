/** Lazily loaded by HttpFailureHooks: the 401 dialog and failure notifications, inside antd's providers. */
import type { HttpClient } from '../http/client.ts';
import { AntdFrame } from './AntdFrame.tsx';
import { UnauthorizedDialog } from './UnauthorizedDialog.tsx';

export default function FramedUnauthorizedDialog({ http }: { http: HttpClient }) {
  return (
    <AntdFrame>
      <UnauthorizedDialog http={http} />
    </AntdFrame>
  );
}
