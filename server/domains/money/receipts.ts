/**
 * 银行回单 (freight-domain §1.13; schema schemas/entities/money/hy-bank-receipt.entity.json) on the engine: list,
 * add (upload one), importExcel and exportXls are the engine's, over a table the schema makes. What is the domain's own:
 * - every add and imported row is matched, in its transaction, to the money record with its bank serial number
 *   (receipts/matcher.ts): status, business type and id, that record's amount, its 货主 and a 差异's reason (amount or
 *   收支方向) are written with the row;
 * - the attached file must be a PDF, an OFD or a picture (the upload itself was checked by content);
 * - a 回款, top-up or fund flow recorded after its receipt re-matches the receipts waiting for its serial, in its own
 *   transaction (hooks on those entities, composed after their owners');
 * - 重新匹配 (operation `rematch`, row and batch): the named receipts in the caller's scope, locked, matched again.
 */
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { scopeConditions } from '../../entity/data-scope.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import type { SystemTables } from '../../db/schema.ts';
import type { Kysely } from 'kysely';
import { splitPaths } from '../../../src/contracts/files.ts';
import { extensionOf } from '../../files/file-types.ts';
import { MATCHED, UNMATCHED, matchReceipt, rematchWaiting, storeMatch, type MatchResult } from './receipts/matcher.ts';
import { operationBodyIds } from '../../entity/entity-ids.ts';

export const RECEIPT_FILE_TYPES = ['pdf', 'ofd', 'jpg', 'jpeg', 'png'];
const MAX_REMATCH = 1000;

function receiptEntity(ctx: AppContext): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === 'hyBankReceipt');
  if (!entity) throw new Error('schemas/entities/money/hy-bank-receipt.entity.json is missing');
  return entity;
}

/** Writes a match into a record about to be stored (the read-only fields a hook sets are written with the row). */
function applyMatch(record: Record<string, unknown>, match: MatchResult): void {
  record.matchStatus = match.matchStatus;
  record.bizType = match.bizType;
  record.bizId = match.bizId;
  record.matchedAmount = match.matchedAmount;
  record.customerId = match.customerId;
  record.matchRemark = match.matchRemark;
  record.matchTime = match.matchStatus === UNMATCHED ? null : new Date().toISOString();
}

async function matchOf(db: Kysely<SystemTables>, tenantId: number, record: Record<string, unknown>): Promise<MatchResult> {
  const text = (value: unknown) => String(value ?? '');
  return matchReceipt(db, {
    tenantId, serial: text(record.bankSerialNo), amount: text(record.amount), direction: text(record.direction || 'in'),
  });
}

const receiptHooks: EntityHooks = {
  fieldErrors(record, errors) {
    const wrong = splitPaths(record.fileUrl).find((path) => !RECEIPT_FILE_TYPES.includes(extensionOf(path)));
    if (wrong === undefined) return errors;
    return [...errors, { field: 'fileUrl', message: '回单文件只能是 PDF、OFD 或图片(jpg、png)' }];
  },
  async beforeWrite({ tx, caller, record }) {
    record.currency = 'CNY';
    applyMatch(record, await matchOf(tx, caller.tenantId, record));
  },
  addMessage(_id, record) {
    if (record.matchStatus === MATCHED) return '添加成功，已匹配!';
    if (record.matchStatus === UNMATCHED) return '添加成功，未匹配到业务单据';
    return `添加成功，差异：${String(record.matchRemark ?? '')}`;
  },
};


/** 重新匹配: the receipts the caller may change, locked, matched again in one transaction. */
export async function rematch(ctx: AppContext, caller: Caller, ids: string[]): Promise<Record<string, number>> {
  if (ids.length === 0) throw new BusinessError('请选择银行回单');
  if (ids.length > MAX_REMATCH) throw new BusinessError(`一次最多选择${MAX_REMATCH}条银行回单`);
  const scope = await scopeConditions(ctx.db, receiptEntity(ctx), caller);
  return ctx.db.transaction().execute(async (tx) => {
    const rows = await sql<{ id: string; serial: string; amount: string; direction: string }>`
      select id, bank_serial_no as serial, amount::text as amount, direction from hy_bank_receipt
      where ${sql.join([sql`tenant_id = ${caller.tenantId}`, sql`id in (${sql.join(ids)})`, ...scope], sql` and `)}
      order by id for update`.execute(tx);
    if (rows.rows.length !== ids.length) throw new BusinessError('银行回单不存在，或无权重新匹配');
    const counts: Record<string, number> = { matched: 0, different: 0, unmatched: 0 };
    for (const row of rows.rows) {
      const match = await matchReceipt(tx, { tenantId: caller.tenantId, serial: row.serial, amount: row.amount, direction: row.direction });
      counts[match.matchStatus === MATCHED ? 'matched' : match.matchStatus === UNMATCHED ? 'unmatched' : 'different'] += 1;
      await storeMatch(tx, caller.tenantId, row.id, match, caller.username);
    }
    return counts;
  });
}

/** The money records receipts match (matcher.ts MATCH_SOURCES): a new one re-matches the receipts waiting for its serial. */
function rematchOnRecord(serialField: string): EntityHooks {
  return {
    async afterWrite({ tx, caller, record }) {
      const serial = record[serialField];
      if (typeof serial === 'string') await rematchWaiting(tx, caller.tenantId, serial, caller.username);
    },
  };
}

export const receiptsDomain: DomainModule = {
  name: 'money/receipts',
  hooks: {
    hyBankReceipt: receiptHooks,
    hyBillPayment: rematchOnRecord('sequenceCode'),
    hyWalletRecharge: rematchOnRecord('bankSerialNo'),
    hyFundFlow: rematchOnRecord('sequenceCode'),
  },
  routes(app, ctx, prefix) {
    const path = `${prefix}${receiptEntity(ctx).schema.api}/rematch`;
    const options = { config: { permission: 'hybank:hyBankReceipt:rematch' } };
    const handler = async (request: FastifyRequest) => {
      const counts = await rematch(ctx, requireCaller(request), operationBodyIds(request.body));
      return ok(counts, `重新匹配完成：已匹配${counts.matched}条，差异${counts.different}条，未匹配${counts.unmatched}条`);
    };
    // PUT is what the operation button sends; POST for clients that post operations.
    app.put(path, options, handler);
    app.post(path, options, handler);
  },
};
