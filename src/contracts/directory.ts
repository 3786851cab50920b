/** Department tree and user picker data (contract §6.6 queryTreeList, §6.4 queryUserComponentData). */

/** One node of `GET /sys/sysDepart/queryTreeList`; leaves have `children: null` and `isLeaf: true`. */
export interface DepartTreeNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  departOrder: number;
  status: string;
  delFlag: number;
  createTime: string | null;
  children: DepartTreeNode[] | null;
}

/** One user of `GET /sys/user/queryUserComponentData`: what a picker shows, never credentials. */
export interface UserPickItem {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  orgCode: string | null;
}

/** Most users one picker page may ask for. */
export const USER_PICK_MAX_PAGE = 50;
