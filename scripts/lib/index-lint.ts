/**
 * Lint of `indexes`: equality fields are declared single-valued scalars (a comma-joined column is never compared
 * with `=` as a whole), and the sort is one the list may actually request (sortable column, default sort, createTime),
 * since an index for a sort no query asks for only slows writes down.
 */
import { asArray, isObject, type Json } from './schema-json.ts';

type At = (pointer: string, message: string) => void;

const SCALAR_TYPES = new Set<unknown>(['string', 'integer', 'number', 'money', 'date', 'datetime', 'boolean', 'department']);

export function lintIndexes(entity: Json, fields: Json, at: At): void {
  const list = isObject(entity.list) ? entity.list : {};
  const sortable = new Set<string>(['createTime']);
  for (const column of asArray(list.columns)) if (isObject(column) && column.sortable === true && typeof column.field === 'string') sortable.add(column.field);
  if (isObject(list.defaultSort) && typeof list.defaultSort.field === 'string') sortable.add(list.defaultSort.field);
  asArray(entity.indexes).forEach((index, i) => {
    if (!isObject(index)) return;
    for (const key of ['fields', 'include'] as const) {
      asArray(index[key]).forEach((field, j) => {
        if (typeof field !== 'string') return;
        const def = fields[field];
        const pointer = `/indexes/${i}/${key}/${j}`;
        if (!isObject(def)) at(pointer, `"${field}" is not a declared field`);
        else if (!SCALAR_TYPES.has(def.type) || def.multiple === true || def.widget === 'checkbox') at(pointer, `"${field}" must be a single-valued scalar field to be indexed`);
      });
    }
    if (index.contains === true) {
      if (asArray(index.fields).length === 0) at(`/indexes/${i}/fields`, 'a contains index needs the text fields it searches');
      if (index.sort !== undefined || index.include !== undefined) at(`/indexes/${i}/contains`, 'a contains (trigram) index takes no sort or include');
      asArray(index.fields).forEach((field, j) => {
        const def = typeof field === 'string' ? fields[field] : undefined;
        if (isObject(def) && def.type !== 'string' && def.type !== 'text') at(`/indexes/${i}/fields/${j}`, `"${field}" is not a text field to search by contains`);
      });
      return;
    }
    if (asArray(index.fields).length === 0 && !isObject(index.sort)) at(`/indexes/${i}/fields`, 'an index without fields needs a sort');
    const sort = isObject(index.sort) ? index.sort.field : undefined;
    if (typeof sort === 'string' && !sortable.has(sort)) {
      at(`/indexes/${i}/sort/field`, `"${sort}" is not a sort the list can ask for (a sortable column, the default sort or createTime)`);
    }
  });
}
