/**
 * The private area's antd parts that only some sign-ins need, loaded lazily by PrivateArea: the mandatory
 * password change (login code 406), the department choice, and the "menu failed" page. Each brings antd's
 * providers when AppRoot asked for them (AntdFrame).
 */
import { Button, Result } from 'antd';
import { AntdFrame } from './AntdFrame.tsx';
import { ChangePasswordDialog } from './dialogs/ChangePasswordDialog.tsx';
import type { ChangePasswordDialogProps } from './dialogs/ChangePasswordDialog.tsx';
import { DepartSelectDialog } from './dialogs/DepartSelectDialog.tsx';
import type { DepartSelectDialogProps } from './dialogs/DepartSelectDialog.tsx';

export function FramedChangePasswordDialog(props: ChangePasswordDialogProps) {
  return (
    <AntdFrame>
      <ChangePasswordDialog {...props} />
    </AntdFrame>
  );
}

export function FramedDepartSelectDialog(props: DepartSelectDialogProps) {
  return (
    <AntdFrame>
      <DepartSelectDialog {...props} />
    </AntdFrame>
  );
}

export function InvalidMenuPage({ error, onRelogin }: { error: string | undefined; onRelogin(): void }) {
  return (
    <AntdFrame>
      <Result
        status="error"
        title="获取菜单失败"
        subTitle={error}
        extra={
          <Button type="primary" onClick={onRelogin}>
            重新登录
          </Button>
        }
      />
    </AntdFrame>
  );
}
