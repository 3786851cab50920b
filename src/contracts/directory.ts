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
  /** Further SysDepartTreeModel fields (contract §6.6), filled by the department administration's columns. */
  departNameEn?: string | null;
  departNameAbbr?: string | null;
  description?: string | null;
  orgType?: string | null;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  createBy?: string | null;
  updateBy?: string | null;
  updateTime?: string | null;
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
