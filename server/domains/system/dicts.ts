/**
 * Dictionaries and their items (/sys/dict, /sys/dictItem, contract §4) on the engine: list/add/edit/delete are the
 * engine's, over sys_dict and sys_dict_item (platform tables: one set of dictionaries serves every tenant, so only
 * holders of the system:dict / system:dictItem codes reach them). Reading for pickers (getDictItems,
 * queryAllDictItems, refleshCache) stays in server/dict/routes.ts.
 *
 * What is the domain's own: dictionaries named in schemas/dicts files are the code's vocabulary (their items may be
 * edited, disabled or deleted, but the dictionary keeps its code and cannot be deleted, nor can one a screen's field
 * uses); table dictionaries are server-side definitions whose codes can never be created here; an item's value is
 * unique within its dictionary and an item stays in its dictionary. Every committed write reloads the in-process
 * DictionaryService, so `_dictText` and getDictItems reflect it at once (other processes reload from the rows feed).
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { fail, ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { readDictionaryFiles } from '../../dict/dictionaries.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { text } from './values.ts';

const fileCodesByDir = new Map<string, Set<string>>();

/** Codes of the dictionaries schemas/dicts files declare (read once per schemas folder). */
function fileCodes(ctx: AppContext): Set<string> {
  const dir = ctx.config.schemasDir;
  let codes = fileCodesByDir.get(dir);
  if (!codes) fileCodesByDir.set(dir, (codes = new Set(readDictionaryFiles(dir).map((dict) => dict.code))));
  return codes;
}

/** The picker cache follows every committed write; should this reload fail, the rows feed (app.ts) reloads and logs. */
const reloadDictionaries = async ({ ctx }: { ctx: AppContext }) => {
  await ctx.dicts.reload().catch(() => undefined);
};

const dictHooks: EntityHooks = {
  // A dictionary flagged deleted (del_flag 1) is none: DictionaryService skips it too.
  listConditions: () => [sql`del_flag = 0`],
  beforeWrite({ ctx, record, existing }) {
    const code = String(record.dictCode);
    if (existing && code === existing.dictCode) return;
    if (existing && fileCodes(ctx).has(String(existing.dictCode))) {
      throw new ValidationError([{ field: 'dictCode', message: '系统内置字典的编码不能修改（程序按编码使用它）' }]);
    }
    // `unique` covers sys_dict; table dictionaries share the code space without a row there.
    if (ctx.tableDicts.has(code)) throw new ValidationError([{ field: 'dictCode', message: `字典编码“${code}”已存在` }]);
  },
  async beforeDelete({ ctx, tx, rows }) {
    for (const row of rows) {
      const code = String(row.dictCode);
      if (fileCodes(ctx).has(code)) throw new BusinessError(`“${String(row.dictName)}”是系统内置字典，不能删除`);
      const usedBy = ctx.entities.find((entity) => Object.values(entity.schema.fields).some((field) => field.dict === code));
      if (usedBy) throw new BusinessError(`“${String(row.dictName)}”正被${usedBy.schema.title}使用，不能删除`);
    }
    await tx.deleteFrom('sys_dict_item').where('dict_id', 'in', rows.map((row) => String(row.id))).execute();
  },
  afterCommit: reloadDictionaries,
};

/** Does another item of the dictionary hold this value (an item's value is unique within its dictionary)? */
async function itemValueTaken(db: AppContext['db'], dictId: string, value: string, exceptId: string): Promise<boolean> {
  const taken = await db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', value)
    .where('id', '<>', exceptId).executeTakeFirst();
  return taken !== undefined;
}

const itemHooks: EntityHooks = {
  async beforeWrite({ tx, id, record, existing }) {
    // An item stays in its dictionary: dictId in an edit's body is ignored.
    if (existing) record.dictId = existing.dictId;
    const dictId = text(record.dictId);
    if (!dictId) throw new ValidationError([{ field: 'dictId', message: '请先选择字典' }]);
    if (!existing) {
      const dict = await tx.selectFrom('sys_dict').select('id').where('id', '=', dictId).where('del_flag', '=', 0).executeTakeFirst();
      if (!dict) throw new ValidationError([{ field: 'dictId', message: '字典不存在，请刷新后重试' }]);
    }
    record.sortOrder ??= 0;
    const value = String(record.itemValue);
    if (await itemValueTaken(tx, dictId, value, id)) throw new ValidationError([{ field: 'itemValue', message: `数据值“${value}”在该字典中已存在` }]);
  },
  afterCommit: reloadDictionaries,
};

export const dictsDomain: DomainModule = {
  name: 'system/dicts',
  hooks: { sysDict: dictHooks, sysDictItem: itemHooks },
  routes(app, ctx, prefix) {
    // The item form's validator (JeecgBoot's dictItemCheck): is the value free in the dictionary, leaving out `id`,
    // the item being edited? Dictionaries are platform tables, so the answer is the same for every tenant.
    app.get<{ Querystring: { itemValue?: string; dictId?: string; id?: string } }>(
      `${prefix}/sys/dictItem/dictItemCheck`,
      { config: { permission: 'system:dictItem:list' } },
      async (request) => {
        const { itemValue, dictId, id } = request.query;
        const value = text(itemValue);
        if (!text(dictId)) return fail('请先选择字典');
        if (!value) return fail('请输入数据值');
        return (await itemValueTaken(ctx.db, text(dictId), value, text(id))) ? fail('该值不可用，系统中已存在！') : ok(null, '该值可用！');
      },
    );
    // The stock Vue2 client's dictionary tree (JeecgBoot's SysDictTree nodes: key and title beside the columns),
    // newest first, optionally narrowed by name. JeecgBoot ignores paging here: every dictionary is one node.
    app.get<{ Querystring: { dictName?: string } }>(`${prefix}/sys/dict/treeList`, { config: { permission: 'system:dict:list' } }, async (request) => {
      const name = text(request.query.dictName);
      let query = ctx.db.selectFrom('sys_dict').select(['id', 'dict_code', 'dict_name', 'description']).where('del_flag', '=', 0);
      if (name) query = query.where(sql<boolean>`strpos(dict_name, ${name}) > 0`);
      const rows = await query.orderBy('create_time', 'desc').orderBy('id').limit(5000).execute();
      return ok(rows.map((row) => ({
        key: row.id, title: row.dict_name, id: row.id, dictCode: row.dict_code, dictName: row.dict_name, description: row.description,
      })));
    });
  },
};
