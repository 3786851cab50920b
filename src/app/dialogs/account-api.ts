/**
 * The header's account calls over the shared http client: own password, departments, dictionary cache. Plain
 * functions (no React) so the dialogs stay about presentation.
 */
import type { DictModel, UserInfo } from '../../contracts/index.ts';
import type { CurrentUserDeparts, SelectDepartRequest, SelectDepartResult } from '../../contracts/departs.ts';
import type { HttpClient } from '../../http/client.ts';

export interface ChangePasswordRequest {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** Resolves with the server's success sentence ('密码重置成功!'); rejects with its refusal. */
export async function changePassword(http: HttpClient, body: ChangePasswordRequest): Promise<string> {
  const envelope = await http.request<unknown>({ method: 'put', url: '/sys/user/updatePassword', data: body });
  return envelope.message;
}

export function loadCurrentUserDeparts(http: HttpClient): Promise<CurrentUserDeparts> {
  return http.getResult<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts');
}

export async function selectDepart(http: HttpClient, body: SelectDepartRequest): Promise<UserInfo> {
  const result = await http.putResult<SelectDepartResult>('/sys/selectDepart', body);
  return result.userInfo;
}

/** Has the server reload its dictionaries, then fetches them all (they replace the login-time cache). */
export async function refreshDictionaries(http: HttpClient): Promise<Record<string, DictModel[]>> {
  await http.getResult<unknown>('/sys/dict/refleshCache');
  return http.getResult<Record<string, DictModel[]>>('/sys/dict/queryAllDictItems');
}
