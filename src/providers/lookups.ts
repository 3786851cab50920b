/**
 * What field widgets and form validators ask the server beyond records and dictionaries: the department tree, the
 * user picker, and the duplicate-value and check-rule validators (contract §6.1, §6.2, §6.4, §6.6).
 */
import type { DepartTreeNode, Page, UserPickItem } from '../contracts/index.ts';
import { pageParams } from '../contracts/list-params.ts';
import type { HttpClient } from '../http/client.ts';
import { isHttpError } from '../http/errors.ts';

export interface DuplicateQuery {
  tableName: string;
  fieldName: string;
  fieldVal: string;
  /** The record being edited, which may keep its own value. */
  dataId?: string;
}

export interface LookupProvider {
  departTree(): Promise<DepartTreeNode[]>;
  /** Users of the caller's tenant whose name or username contains `keyword`. */
  searchUsers(keyword: string): Promise<UserPickItem[]>;
  /** The named users of the caller's tenant (to show real names of stored usernames). */
  usersByName(usernames: string[]): Promise<UserPickItem[]>;
  /** The server's refusal when the value is taken; undefined when it is free or could not be checked. */
  checkDuplicate(query: DuplicateQuery): Promise<string | undefined>;
  /** The rule's message when the value breaks it; undefined when it passes or could not be checked. */
  checkRule(ruleCode: string, value: string): Promise<string | undefined>;
  /** Next run times of a cron expression from `<api>/cronPreview`, or the server's reason it is not valid. */
  cronPreview(api: string, cron: string, count: number): Promise<CronPreview>;
  /** The platform configuration (平台设置, `GET /hyconfig/hyConfig/cfg`), for fields' `configDefault`. */
  platformConfig?(): Promise<Record<string, unknown>>;
}

export type CronPreview = { times: string[] } | { error: string };

/** A business refusal (`success:false`) is the answer; a network or server failure leaves the check to the save. */
async function refusal(call: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await call();
    return undefined;
  } catch (error: unknown) {
    if (isHttpError(error) && error.status === 200) return error.message;
    return undefined;
  }
}

export function createLookupProvider(http: HttpClient): LookupProvider {
  let tree: Promise<DepartTreeNode[]> | undefined;
  return {
    async platformConfig() {
      // Read each time a form needs it (not cached), so a change in 平台设置 shows in the next form at once.
      return (await http.getResult<Record<string, unknown>>('/hyconfig/hyConfig/cfg')) ?? {};
    },
    departTree() {
      // The tree rarely changes within a session; a failed load is retried next time.
      tree ??= http.getResult<DepartTreeNode[]>('/sys/sysDepart/queryTreeList').catch((error: unknown) => {
        tree = undefined;
        throw error;
      });
      return tree;
    },
    async searchUsers(keyword) {
      const page = await http.getResult<Page<UserPickItem>>('/sys/user/queryUserComponentData', { realname: keyword, ...pageParams(1, 20) });
      return page?.records ?? [];
    },
    async usersByName(usernames) {
      if (usernames.length === 0) return [];
      const page = await http.getResult<Page<UserPickItem>>('/sys/user/queryUserComponentData', {
        username: usernames.join(','),
        ...pageParams(1, 50),
      });
      return page?.records ?? [];
    },
    checkDuplicate: (query) => refusal(() => http.getResult('/sys/duplicate/check', { ...query })),
    // JeecgBoot encodes the value once more than the query string needs; the server undoes it.
    checkRule: (ruleCode, value) => refusal(() => http.getResult('/sys/checkRule/checkByCode', { ruleCode, value: encodeURIComponent(value) })),
    async cronPreview(api, cron, count) {
      try {
        return { times: (await http.getResult<string[]>(`${api}/cronPreview`, { cron, count })) ?? [] };
      } catch (error: unknown) {
        if (isHttpError(error) && error.status === 200) return { error: error.message };
        return { error: '暂时无法预览执行时间' };
      }
    },
  };
}
