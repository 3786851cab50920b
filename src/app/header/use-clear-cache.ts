/**
 * 清理缓存 (platform staff only): the server reloads its dictionaries, and the fresh set replaces the browser's
 * login-time copy (`UI_CACHE_DB_DICT_DATA`), so edited dictionary texts show without logging in again.
 */
import { useCallback } from 'react';
import { toastFailure } from '../../http/errors.ts';
import { useAppDeps } from '../deps.tsx';
import { refreshDictionaries } from '../dialogs/account-api.ts';
import { useShellMessage } from '../shell/toast.tsx';

export function useClearCache(): () => Promise<void> {
  const { http, dicts } = useAppDeps();
  const message = useShellMessage();
  return useCallback(async () => {
    try {
      dicts.prime(await refreshDictionaries(http));
      message.success('刷新缓存完成！');
    } catch (error: unknown) {
      toastFailure(message, error, '刷新缓存失败！');
    }
  }, [http, dicts, message]);
}
