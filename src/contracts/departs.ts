/** The caller's departments and the switch between them (contract §6.4: getCurrentUserDeparts, selectDepart). */
import type { UserInfo } from './menu.ts';

export interface UserDepart {
  id: string;
  departName: string;
  orgCode: string;
}

/** `GET /sys/user/getCurrentUserDeparts`: the caller's departments and the one they currently work in. */
export interface CurrentUserDeparts {
  list: UserDepart[];
  orgCode: string | null;
}

/** `PUT /sys/selectDepart` body; `username`, when sent, must be the caller's own. */
export interface SelectDepartRequest {
  orgCode: string;
  username?: string;
}

export interface SelectDepartResult {
  userInfo: UserInfo;
}

export const NOT_IN_DEPART_MESSAGE = '您不属于该部门';
export const PICK_DEPART_MESSAGE = '请选择部门';
