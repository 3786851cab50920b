/**
 * The right-hand side of the header: the signed-in user and their actions. Mounted by the main layout; owned here
 * so header actions (dialogs, cache refresh, logout) can grow without touching the layout.
 *
 * The avatar and name open a dropdown (role menu): current department and 切换部门, 系统设置, 修改密码, 清理缓存
 * (platform staff only) and 退出登录. A plain 退出登录 link stays visible beside it. The dropdown and the logout
 * question are plain React; the two antd dialogs load the first time they are asked for.
 */
import { lazy, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { STAFF_USER_TYPE } from '../../contracts/index.ts';
import type { UserInfo } from '../../contracts/index.ts';
import type { UserDepart } from '../../contracts/departs.ts';
import { loadCurrentUserDeparts } from '../dialogs/account-api.ts';
import { useAppDeps } from '../deps.tsx';
import { LOGIN_PATH } from '../paths.ts';
import { useSession } from '../session.tsx';
import { AntdIsland } from '../shell/AntdIsland.tsx';
import { Icon } from '../shell/icons.tsx';
import type { IconName } from '../shell/icons.tsx';
import { ShellDialog } from '../shell/Overlay.tsx';
import { useDismiss } from '../shell/use-dismiss.ts';
import { useSettingsDrawerOpener } from './settings-drawer-context.ts';
import { useClearCache } from './use-clear-cache.ts';

const ChangePasswordDialog = lazy(() => import('../dialogs/ChangePasswordDialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })));
const DepartSelectDialog = lazy(() => import('../dialogs/DepartSelectDialog.tsx').then((m) => ({ default: m.DepartSelectDialog })));


type OpenDialog = 'password' | 'depart' | undefined;
type Action = 'depart' | 'settings' | 'password' | 'clear-cache' | 'logout';

interface Entry {
  key: Action | 'current-depart';
  label: string;
  icon: IconName;
  disabled?: boolean;
  dividerBefore?: boolean;
}

function LogoutQuestion({ open, onCancel, onConfirm }: { open: boolean; onCancel(): void; onConfirm(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <ShellDialog
      open={open}
      title="提示"
      onClose={onCancel}
      initialFocus=".shell-button-primary"
      footer={
        <>
          <button type="button" className="shell-button" onClick={onCancel}>
            取消
          </button>
          <button
            type="button"
            className="shell-button shell-button-primary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void onConfirm().finally(() => setBusy(false));
            }}
          >
            确定
          </button>
        </>
      }
    >
      <p>真的要注销登录吗 ?</p>
    </ShellDialog>
  );
}

export function UserMenu() {
  const session = useSession();
  const { http } = useAppDeps();
  const navigate = useNavigate();
  const settingsDrawer = useSettingsDrawerOpener();
  const clearCache = useClearCache();
  const [menuOpen, setMenuOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>();
  // A dialog stays mounted once used, so it can animate closed and keeps its chunk.
  const [used, setUsed] = useState<{ password?: boolean; depart?: boolean }>({});
  const [departs, setDeparts] = useState<UserDepart[]>();
  // The department switch answers with the new user; shown here until the session itself is refreshed.
  const [switchedUser, setSwitchedUser] = useState<UserInfo>();
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  const user = switchedUser && switchedUser.id === session.user?.id ? switchedUser : session.user;
  const currentDepart = departs?.find((d) => d.orgCode === user?.orgCode);
  const closeDialog = () => setDialog(undefined);
  const openDialog = (which: 'password' | 'depart') => {
    setUsed((u) => ({ ...u, [which]: true }));
    setDialog(which);
  };

  const entries: Entry[] = [
    ...(currentDepart ? [{ key: 'current-depart' as const, label: `当前部门：${currentDepart.departName}`, icon: 'cluster' as const, disabled: true }] : []),
    { key: 'depart', label: '切换部门', icon: 'cluster' },
    { key: 'settings', label: '系统设置', icon: 'setting' },
    { key: 'password', label: '修改密码', icon: 'lock' },
    // Only platform staff may reload the server's dictionaries.
    ...(user?.userType === STAFF_USER_TYPE ? [{ key: 'clear-cache' as const, label: '清理缓存', icon: 'delete' as const }] : []),
    { key: 'logout', label: '退出登录', icon: 'logout', dividerBefore: true },
  ];

  function setOpen(open: boolean) {
    setMenuOpen(open);
    // Department names are only needed inside the dropdown, so they are fetched when it opens; without them the
    // 当前部门 line is simply left out (an HTTP failure is still announced by the client).
    if (open) loadCurrentUserDeparts(http).then((loaded) => setDeparts(loaded.list), () => undefined);
  }

  useDismiss(menuOpen, [trigger, menu], (reason) => {
    setMenuOpen(false);
    if (reason === 'escape') trigger.current?.focus();
  });
  useEffect(() => {
    if (menuOpen) menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [menuOpen]);

  function run(action: Action) {
    setMenuOpen(false);
    if (action === 'depart' || action === 'password') openDialog(action);
    else if (action === 'settings') settingsDrawer.open();
    else if (action === 'clear-cache') void clearCache();
    else setAsking(true);
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Home') items[0]?.focus();
    else if (event.key === 'End') items.at(-1)?.focus();
    else if (event.key === 'Tab') setMenuOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  const name = user?.realname || user?.username;
  return (
    <>
      <div className="shell-user">
        <div className="shell-dropdown">
          <button
            ref={trigger}
            type="button"
            className="shell-user-trigger"
            aria-label={`用户菜单 ${name ?? ''}`.trim()}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={() => setOpen(!menuOpen)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && !menuOpen) {
                event.preventDefault();
                setOpen(true);
              }
            }}
          >
            <span className="shell-avatar">{user?.avatar ? <img src={user.avatar} alt="" /> : <Icon name="user" />}</span>
            <span>{name}</span>
          </button>
          {menuOpen ? (
            <ul ref={menu} role="menu" aria-label="用户菜单" className="shell-dropdown-menu shell-dropdown-right" onKeyDown={onMenuKeyDown}>
              {entries.map((entry) => (
                <li key={entry.key} role="none" className={entry.dividerBefore ? 'shell-dropdown-divided' : undefined}>
                  <div
                    role="menuitem"
                    tabIndex={-1}
                    aria-disabled={entry.disabled || undefined}
                    className={entry.disabled ? 'shell-dropdown-item is-disabled' : 'shell-dropdown-item'}
                    onClick={() => entry.key !== 'current-depart' && !entry.disabled && run(entry.key)}
                    onKeyDown={(event) => {
                      if ((event.key === 'Enter' || event.key === ' ') && entry.key !== 'current-depart') {
                        event.preventDefault();
                        run(entry.key);
                      }
                    }}
                  >
                    <Icon name={entry.icon} />
                    <span>{entry.label}</span>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <button type="button" className="shell-link" onClick={() => setAsking(true)}>
          退出登录
        </button>
      </div>
      <LogoutQuestion
        open={asking}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          await session.logout();
          navigate(LOGIN_PATH, { replace: true });
        }}
      />
      {used.password ? (
        <AntdIsland>
          <ChangePasswordDialog open={dialog === 'password'} onClose={closeDialog} />
        </AntdIsland>
      ) : null}
      {used.depart ? (
        <AntdIsland>
          <DepartSelectDialog open={dialog === 'depart'} onClose={closeDialog} onSelected={setSwitchedUser} />
        </AntdIsland>
      ) : null}
    </>
  );
}
