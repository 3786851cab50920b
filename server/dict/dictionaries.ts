/**
 * Dictionaries live in sys_dict/sys_dict_item (admins may edit items); files under schemas/dicts add codes and
 * items that were never inserted before, never overwrite (an item an admin deleted stays deleted). The service keeps them in memory for `_dictText` translation and for
 * checking written values; `refleshCache` reloads.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DictModel, DictionaryFile } from '../../src/contracts/menu.ts';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';

export class DictionaryService {
  private byCode = new Map<string, DictModel[]>();
  private textByCode = new Map<string, Map<string, string>>();
  /** Bumped on every reload: answers cached with older texts are not reused (server/entity/list-cache.ts). */
  version = 0;

  constructor(private readonly db: Kysely<SystemTables>) {}

  async reload(): Promise<void> {
    // Left join: a dictionary without items (just created by an admin) is known and answers an empty list.
    // Disabled items (status 0) are not offered, but still translate values rows already hold.
    const rows = await this.db
      .selectFrom('sys_dict as d')
      .leftJoin('sys_dict_item as i', 'i.dict_id', 'd.id')
      .select(['d.dict_code', 'i.item_value', 'i.item_text', 'i.status'])
      .where('d.del_flag', '=', 0)
      .orderBy('d.dict_code')
      .orderBy('i.sort_order')
      .orderBy('i.item_value')
      .execute();
    const byCode = new Map<string, DictModel[]>();
    const textByCode = new Map<string, Map<string, string>>();
    for (const row of rows) {
      if (!byCode.has(row.dict_code)) {
        byCode.set(row.dict_code, []);
        textByCode.set(row.dict_code, new Map());
      }
      if (row.item_value === null || row.item_text === null) continue;
      textByCode.get(row.dict_code)!.set(row.item_value, row.item_text);
      if (row.status !== 1) continue;
      const item: DictModel = { value: row.item_value, text: row.item_text, title: row.item_text, label: row.item_text };
      byCode.get(row.dict_code)!.push(item);
    }
    this.byCode = byCode;
    this.textByCode = textByCode;
    this.version += 1;
  }

  items(code: string): DictModel[] | undefined {
    return this.byCode.get(code);
  }

  all(): Record<string, DictModel[]> {
    return Object.fromEntries(this.byCode);
  }

  /** Text of a value, or of each value in a comma-separated list; unknown values stay as they are. */
  text(code: string, value: unknown): string {
    if (value === null || value === undefined || value === '') return '';
    const texts = this.textByCode.get(code);
    return String(value)
      .split(',')
      .map((v) => texts?.get(v) ?? v)
      .join(',');
  }

  has(code: string, value: string): boolean {
    return this.textByCode.get(code)?.has(value) ?? false;
  }

  /** The value for what a person typed (a spreadsheet cell): a value as it is, or an item's text; else undefined. */
  valueFor(code: string, input: string): string | undefined {
    const texts = this.textByCode.get(code);
    if (!texts) return undefined;
    if (texts.has(input)) return input;
    for (const [value, text] of texts) if (text === input) return value;
    return undefined;
  }
}

export function readDictionaryFiles(schemasDir: string): DictionaryFile['dictionaries'] {
  const dir = path.join(schemasDir, 'dicts');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.dicts.json'))
    .sort()
    .flatMap((name) => (JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as DictionaryFile).dictionaries);
}

export async function syncDictionaries(db: Kysely<SystemTables>, schemasDir: string): Promise<void> {
  const dictionaries = readDictionaryFiles(schemasDir);
  await db.transaction().execute(async (tx) => {
    for (const dict of dictionaries) {
      await tx
        .insertInto('sys_dict')
        .values({ id: newId(), dict_code: dict.code, dict_name: dict.name })
        .onConflict((oc) => oc.column('dict_code').doNothing())
        .execute();
      const { id } = await tx.selectFrom('sys_dict').select('id').where('dict_code', '=', dict.code).executeTakeFirstOrThrow();
      // Only items never inserted before: what an admin deleted or re-valued stays so after a restart, and an
      // item an admin edited is never overwritten (sys_dict_seed, server/domains/system/dicts migration 0130).
      const seen = new Set(
        (await tx.selectFrom('sys_dict_seed').select('item_value').where('dict_code', '=', dict.code).execute()).map((r) => r.item_value),
      );
      let order = 0;
      for (const item of dict.items) {
        const sortOrder = order++;
        if (seen.has(item.value)) continue;
        await tx
          .insertInto('sys_dict_item')
          .values({ id: newId(), dict_id: id, item_value: item.value, item_text: item.text, sort_order: sortOrder })
          .onConflict((oc) => oc.columns(['dict_id', 'item_value']).doNothing())
          .execute();
        await tx.insertInto('sys_dict_seed').values({ dict_code: dict.code, item_value: item.value }).execute();
      }
    }
  });
}
