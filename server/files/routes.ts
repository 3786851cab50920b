/**
 * Uploads and downloads (`/sys/common/upload`, `/sys/common/static/**`, `/sys/common/signUrl`). Unlike JeecgBoot,
 * whose static endpoint served any path to anyone (contract §9), a download needs a session in the file's tenant
 * or a short-lived signed URL (for `<img src>`, which cannot send headers). Uploads are type-checked by extension
 * and by content, stored under random names, and `biz` can only name a folder, never climb out of one.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, ok } from '../core/envelope.ts';
import { AuthError, BusinessError } from '../core/errors.ts';
import { requireCaller, resolveCaller } from '../auth/guard.ts';
import { contentMatches, extensionOf, FILE_TYPES } from './file-types.ts';
import { isStorageKey, type FileStore } from './store.ts';
import { signatureFor, SIGNED_URL_SECONDS } from './signing.ts';
import { pathsDeniedByRecords } from './record-scope.ts';
import type { Caller } from '../context.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = '文件大小不能超过10MB';
const BIZ = /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,2}$/;

function today(): string {
  return new Date().toISOString().slice(0, 10).replaceAll('-', '');
}

export interface StoredFile {
  path: string;
  name: string;
  size: number;
  mime: string;
}

/** Checks and stores one file for the caller's tenant; throws a BusinessError with a sentence a person understands. */
export async function storeUpload(
  ctx: AppContext,
  store: FileStore,
  owner: { tenantId: number; username: string },
  input: { filename: string; data: Buffer; biz: string },
): Promise<StoredFile> {
  const biz = input.biz || 'temp';
  if (!BIZ.test(biz)) throw new BusinessError('上传目录不正确');
  const extension = extensionOf(input.filename);
  const type = FILE_TYPES[extension];
  if (!type) throw new BusinessError(`不支持上传该类型的文件：${extension ? `.${extension}` : '无扩展名'}`);
  if (input.data.length === 0) throw new BusinessError('文件内容为空');
  if (!contentMatches(type, input.data)) throw new BusinessError('文件内容与扩展名不符');
  const key = `${biz}/${today()}/${crypto.randomBytes(12).toString('base64url')}.${extension}`;
  await store.put(key, input.data);
  const name = input.filename.replace(/[\\/\u0000-\u001f]/g, '_').slice(-200);
  await ctx.db
    .insertInto('sys_file')
    .values({ path: key, tenant_id: owner.tenantId, original_name: name, mime: type.mime, size: input.data.length, create_by: owner.username })
    .execute();
  return { path: key, name, size: input.data.length, mime: type.mime };
}

function sendFile(reply: FastifyReply, data: Buffer, file: { path: string; mime: string; original_name: string }) {
  const inline = FILE_TYPES[extensionOf(file.path)]?.image ?? false;
  reply.header('content-type', file.mime);
  reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.original_name)}`);
  reply.header('cache-control', 'private, max-age=600');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  return reply.send(data);
}

/** The one file (`file`) and the text fields of a multipart request; refuses anything else plainly. */
export async function readSingleUpload(request: FastifyRequest): Promise<{ file: { filename: string; data: Buffer }; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new BusinessError('请以 multipart/form-data 上传文件');
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value ?? '');
    else if (part.fieldname === 'file') {
      const data = await part.toBuffer().catch((cause: unknown) => {
        if ((cause as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError(TOO_LARGE);
        throw cause;
      });
      if (part.file.truncated) throw new BusinessError(TOO_LARGE);
      file = { filename: part.filename, data };
    } else {
      await part.toBuffer();
    }
  }
  if (!file) throw new BusinessError('请选择要上传的文件');
  return { file, fields };
}

export function registerFileRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, store: FileStore, signingKey: Buffer): void {
  app.post(`${prefix}/sys/common/upload`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const { file: upload, fields } = await readSingleUpload(request);
    const stored = await storeUpload(ctx, store, caller, { ...upload, biz: fields.biz ?? '' });
    // JeecgBoot puts the stored path in `message`; the result carries the details too.
    return { ...ok(stored, stored.path), message: stored.path };
  });

  /** Signed URLs (and original names) for those of `paths` that belong to the caller's tenant. */
  async function signPaths(caller: Caller, paths: string[]): Promise<Record<string, { url: string; name: string }>> {
    const tenantId = caller.tenantId;
    const keys = [...new Set(paths.filter(isStorageKey))];
    // A file of a record the caller may not read is not signed (record-scope.ts).
    const denied = await pathsDeniedByRecords(ctx, caller, keys);
    const wanted = keys.filter((path) => !denied.has(path));
    if (wanted.length === 0) return {};
    const owned = await ctx.db
      .selectFrom('sys_file')
      .select(['path', 'original_name'])
      .where('path', 'in', wanted)
      .where('tenant_id', '=', tenantId)
      .execute();
    const expires = Math.floor(Date.now() / 1000) + SIGNED_URL_SECONDS;
    return Object.fromEntries(
      owned.map(({ path, original_name }) => [
        path,
        { url: `${prefix}/sys/common/static/${path}?expires=${expires}&sign=${signatureFor(signingKey, path, expires)}`, name: original_name },
      ]),
    );
  }

  app.get<{ Querystring: { path?: string } }>(`${prefix}/sys/common/signUrl`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const path = String(request.query.path ?? '');
    const signed = await signPaths(caller, [path]);
    return signed[path] ? ok(signed[path].url) : fail('文件不存在');
  });

  app.post(`${prefix}/sys/common/signUrls`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const paths = (request.body as { paths?: unknown } | null)?.paths;
    if (!Array.isArray(paths) || paths.length > 200 || !paths.every((p) => typeof p === 'string')) {
      return fail('paths 应为不超过200个文件路径的数组');
    }
    return ok(await signPaths(caller, paths as string[]));
  });

  app.get<{ Params: { '*': string }; Querystring: { expires?: string; sign?: string } }>(
    `${prefix}/sys/common/static/*`,
    // Public at the guard because signed URLs carry no session; the handler decides.
    { config: { public: true } },
    async (request: FastifyRequest<{ Params: { '*': string }; Querystring: { expires?: string; sign?: string } }>, reply) => {
      const path = request.params['*'];
      const missing = () => reply.status(404).send(fail('文件不存在', 404));
      if (!isStorageKey(path)) return missing();
      const file = await ctx.db.selectFrom('sys_file').selectAll().where('path', '=', path).executeTakeFirst();
      const { expires, sign } = request.query;
      if (expires && sign) {
        const expected = signatureFor(signingKey, path, Number(expires));
        const valid =
          Number(expires) * 1000 > Date.now() && sign.length === expected.length && crypto.timingSafeEqual(Buffer.from(sign), Buffer.from(expected));
        if (!valid) throw new AuthError('链接已过期，请刷新页面');
      } else {
        const caller = await resolveCaller(ctx, request);
        if (!caller) throw new AuthError();
        // Another tenant's file answers exactly like a missing one.
        if (file && file.tenant_id !== caller.tenantId) return missing();
        // So does a file of a record the caller may not read.
        if (file && (await pathsDeniedByRecords(ctx, caller, [path])).has(path)) return missing();
      }
      if (!file) return missing();
      const data = await store.read(file.path);
      if (!data) return missing();
      return sendFile(reply, data, file);
    },
  );
}
