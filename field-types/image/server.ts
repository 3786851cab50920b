/**
 * `image` on the server: comma-joined paths, each a file uploaded in the caller's tenant, at most `maxCount` of
 * them: a path typed by hand, or another tenant's file, would otherwise become readable through this record.
 */
import type { Kysely } from 'kysely';
import type { FieldDef } from '../../src/contracts/entity.ts';
import { FILE_LIST_MAX_LENGTH, splitPaths } from '../../src/contracts/files.ts';
import type { SystemTables } from '../../server/db/schema.ts';
import type { FieldTypeServer } from '../server-part.ts';

export async function uploadedFilesCheck(db: Kysely<SystemTables>, tenantId: number, field: FieldDef, value: unknown): Promise<string | undefined> {
  const paths = splitPaths(value);
  if (paths.length === 0) return undefined;
  if (paths.length > (field.maxCount ?? 1)) return `${field.label}最多${field.maxCount ?? 1}个`;
  const known = await db.selectFrom('sys_file').select('path').where('path', 'in', paths).where('tenant_id', '=', tenantId).execute();
  return known.length !== new Set(paths).size ? `${field.label}：文件不存在，请重新上传` : undefined;
}

export const uploadServer: FieldTypeServer = {
  column: () => `varchar(${FILE_LIST_MAX_LENGTH})`,
  checkValue: uploadedFilesCheck,
};

export const imageServer = uploadServer;
