/**
 * The grid's state outside React: rows, selection, cell errors and footer totals, with subscriptions fine enough
 * that typing in one cell re-renders that row and the footer only — never the other 9,999 rows or the table
 * shell. Structure changes (add, remove, move, reload) bump `structure`, which the virtual body listens to.
 */
import type { GridColumn } from '../../src/contracts/grid.ts';
import { FooterTotals } from './statistics.ts';
import { addRows, insertBelow, moveRow, removeRows, type GridRow } from './rows.ts';
import { isEmptyValue, isUniqueRule } from './validation.ts';

type Listener = () => void;

export class GridStore {
  private rows: GridRow[] = [];
  private index = new Map<string, number>();
  private readonly rowListeners = new Map<string, Set<Listener>>();
  private readonly structureListeners = new Set<Listener>();
  private readonly footerListeners = new Set<Listener>();
  private readonly selectionListeners = new Set<Listener>();
  private errors = new Map<string, Map<string, string>>();
  private selected = new Set<string>();
  private expanded = new Set<string>();
  private readonly expandListeners = new Set<Listener>();
  /** Per-row change counter: a row's snapshot for React (its values and its errors both count). */
  private readonly versions = new Map<string, number>();
  private readonly flashing = new Map<string, Set<string>>();
  /** Bumped on every structural change; the virtual body re-renders on it. */
  structure = 0;
  footerVersion = 0;
  selectionVersion = 0;
  expandVersion = 0;
  /** Fills a new row before it shows (a table enhancement's `onRowAdded`); returns the values to set. */
  rowInit?: (row: GridRow) => Record<string, unknown> | void;
  readonly totals: FooterTotals;
  /**
   * How often each value occurs in each column with a unique rule, kept as cells change: a keystroke checks one.
   * Counted on first use (null until then), so mounting 100k rows does not pay for it.
   */
  private readonly uniqueCounts = new Map<string, Map<string, number> | null>();

  constructor(private readonly columns: readonly GridColumn[], rows: readonly GridRow[] = []) {
    this.totals = new FooterTotals(columns);
    for (const column of columns) if (column.validateRules?.some(isUniqueRule)) this.uniqueCounts.set(column.key, null);
    this.replaceAll(rows);
  }

  // --- reading -------------------------------------------------------------------------------------------------

  all(): readonly GridRow[] {
    return this.rows;
  }

  size(): number {
    return this.rows.length;
  }

  at(position: number): GridRow | undefined {
    return this.rows[position];
  }

  byId(id: string): GridRow | undefined {
    const position = this.index.get(id);
    return position === undefined ? undefined : this.rows[position];
  }

  positionOf(id: string): number {
    return this.index.get(id) ?? -1;
  }

  rowVersion(id: string): number {
    return this.versions.get(id) ?? 0;
  }

  /** Whether a cell was just changed by another page (shown briefly, `reloadEffect`). */
  isFlashing(id: string, key: string): boolean {
    return this.flashing.get(id)?.has(key) ?? false;
  }

  /** Marks cells changed elsewhere for `ms`, so people notice a live update. */
  flash(id: string, keys: string[], ms = 1400): void {
    if (keys.length === 0) return;
    const cells = this.flashing.get(id) ?? new Set<string>();
    for (const key of keys) cells.add(key);
    this.flashing.set(id, cells);
    this.emitRow(id);
    setTimeout(() => {
      for (const key of keys) cells.delete(key);
      if (cells.size === 0) this.flashing.delete(id);
      this.emitRow(id);
    }, ms);
  }

  /** Occurrences of each non-empty value (trimmed text) of a column with a unique rule; undefined for others. */
  valueCounts(key: string): ReadonlyMap<string, number> | undefined {
    let counts = this.uniqueCounts.get(key);
    if (counts === undefined) return undefined;
    if (counts === null) {
      counts = new Map();
      for (const row of this.rows) count(counts, row[key], 1);
      this.uniqueCounts.set(key, counts);
    }
    return counts;
  }

  errorOf(id: string, key: string): string | undefined {
    return this.errors.get(id)?.get(key);
  }

  /** Whether any cell of the row carries an error (those cells render through React). */
  hasErrors(id: string): boolean {
    return (this.errors.get(id)?.size ?? 0) > 0;
  }

  isSelected(id: string): boolean {
    return this.selected.has(id);
  }

  selectedCount(): number {
    return this.selected.size;
  }

  selectedIds(): string[] {
    return this.rows.filter((row) => this.selected.has(row.id)).map((row) => row.id);
  }

  isExpanded(id: string): boolean {
    return this.expanded.has(id);
  }

  expandedCount(): number {
    return this.expanded.size;
  }

  // --- subscribing (for useSyncExternalStore) -----------------------------------------------------------------

  subscribeRow(id: string, listener: Listener): () => void {
    let set = this.rowListeners.get(id);
    if (!set) this.rowListeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.rowListeners.delete(id);
    };
  }

  subscribeStructure(listener: Listener): () => void {
    this.structureListeners.add(listener);
    return () => this.structureListeners.delete(listener);
  }

  subscribeFooter(listener: Listener): () => void {
    this.footerListeners.add(listener);
    return () => this.footerListeners.delete(listener);
  }

  subscribeExpanded(listener: Listener): () => void {
    this.expandListeners.add(listener);
    return () => this.expandListeners.delete(listener);
  }

  subscribeSelection(listener: Listener): () => void {
    this.selectionListeners.add(listener);
    return () => this.selectionListeners.delete(listener);
  }

  // --- writing -------------------------------------------------------------------------------------------------

  replaceAll(rows: readonly GridRow[]): void {
    this.rows = [...rows];
    this.errors = new Map();
    this.totals.reset(this.rows);
    for (const key of this.uniqueCounts.keys()) this.uniqueCounts.set(key, null);
    this.reindex();
    if (this.selected.size > 0) this.selected = new Set([...this.selected].filter((id) => this.index.has(id)));
    if (this.expanded.size > 0) this.expanded = new Set([...this.expanded].filter((id) => this.index.has(id)));
    this.emitStructure();
    this.emitFooter();
    this.emitSelection();
  }

  /** One cell's new value: that row and the footer are told, nobody else. */
  setCell(id: string, key: string, value: unknown): void {
    const position = this.index.get(id);
    if (position === undefined) return;
    const before = this.rows[position];
    if (before[key] === value) return;
    this.rows[position] = { ...before, [key]: value };
    this.totals.change(key, before[key], value);
    this.recount(key, before[key], value);
    this.emitRow(id);
    this.emitFooter();
  }

  /** Merges changed fields into a row (a live update from another page); returns the keys that changed. */
  patchRow(id: string, patch: Record<string, unknown>): string[] {
    const changed = this.mergeRow(id, patch);
    if (changed.length === 0) return [];
    this.emitRow(id);
    this.emitFooter();
    return changed;
  }

  /** Several live updates at once (one socket batch): each merged as patchRow does, the footer told once. */
  patchRows(patches: ReadonlyArray<Record<string, unknown>>): Map<string, string[]> {
    const changedById = new Map<string, string[]>();
    for (const patch of patches) {
      const id = String(patch.id);
      const changed = this.mergeRow(id, patch);
      if (changed.length === 0) continue;
      changedById.set(id, changed);
      this.emitRow(id);
    }
    if (changedById.size > 0) this.emitFooter();
    return changedById;
  }

  private mergeRow(id: string, patch: Record<string, unknown>): string[] {
    const position = this.index.get(id);
    if (position === undefined) return [];
    const before = this.rows[position];
    const changed = Object.keys(patch).filter((key) => key !== 'id' && before[key] !== patch[key]);
    if (changed.length === 0) return [];
    this.rows[position] = { ...before, ...Object.fromEntries(changed.map((key) => [key, patch[key]])) };
    for (const key of changed) {
      this.totals.change(key, before[key], patch[key]);
      this.recount(key, before[key], patch[key]);
    }
    return changed;
  }

  setErrors(errors: ReadonlyArray<{ id: string; key: string; message: string }>): void {
    const touched = new Set([...this.errors.keys(), ...errors.map((e) => e.id)]);
    this.errors = new Map();
    for (const { id, key, message } of errors) {
      let cells = this.errors.get(id);
      if (!cells) this.errors.set(id, (cells = new Map()));
      cells.set(key, message);
    }
    for (const id of touched) this.emitRow(id);
  }

  setCellError(id: string, key: string, message: string | undefined): void {
    const cells = this.errors.get(id);
    if ((cells?.get(key) ?? undefined) === message) return;
    if (message) {
      if (cells) cells.set(key, message);
      else this.errors.set(id, new Map([[key, message]]));
    } else cells?.delete(key);
    this.emitRow(id);
  }

  add(count = 1): GridRow[] {
    const before = this.rows.length;
    this.rows = addRows(this.rows, this.columns, count);
    if (this.rowInit) for (let at = before; at < this.rows.length; at++) this.rows[at] = this.initialised(this.rows[at]);
    const added = this.rows.slice(before);
    for (const row of added) this.countRow(row, 1);
    this.afterStructure();
    return added;
  }

  insertBelow(position: number): GridRow {
    this.rows = insertBelow(this.rows, position, this.columns);
    const at = Math.min(position + 1, this.rows.length - 1);
    this.rows[at] = this.initialised(this.rows[at]);
    const row = this.rows[at];
    this.countRow(row, 1);
    this.afterStructure();
    return row;
  }

  remove(ids: ReadonlySet<string>): void {
    for (const row of this.rows) if (ids.has(row.id)) this.countRow(row, -1);
    this.rows = removeRows(this.rows, ids);
    for (const id of ids) {
      this.selected.delete(id);
      this.errors.delete(id);
      this.expanded.delete(id);
    }
    this.afterStructure();
    this.emitSelection();
    this.emitExpanded();
  }

  move(from: number, to: number): void {
    const moved = moveRow(this.rows, from, to);
    if (moved === this.rows) return;
    this.rows = [...moved];
    this.reindex();
    this.emitStructure();
  }

  toggleSelected(id: string, on: boolean, single = false): void {
    if (single) this.selected = new Set(on ? [id] : []);
    else if (on) this.selected.add(id);
    else this.selected.delete(id);
    this.emitSelection();
  }

  selectAll(on: boolean): void {
    this.selected = on ? new Set(this.rows.map((row) => row.id)) : new Set();
    this.emitSelection();
  }

  /** Shows or hides a row's detail area (row-expand). */
  toggleExpanded(id: string, on = !this.expanded.has(id)): void {
    if (on === this.expanded.has(id) || !this.index.has(id)) return;
    if (on) this.expanded.add(id);
    else this.expanded.delete(id);
    this.emitExpanded();
  }

  expandAll(on: boolean): void {
    this.expanded = on ? new Set(this.rows.map((row) => row.id)) : new Set();
    this.emitExpanded();
  }

  // --- internals -----------------------------------------------------------------------------------------------

  private initialised(row: GridRow): GridRow {
    const patch = this.rowInit?.(row);
    return patch ? { ...row, ...patch, id: row.id } : row;
  }

  private emitExpanded(): void {
    this.expandVersion += 1;
    for (const listener of this.expandListeners) listener();
  }

  private recount(key: string, before: unknown, after: unknown): void {
    const counts = this.uniqueCounts.get(key);
    if (!counts) return; // not counted yet: counted in full on first use
    count(counts, before, -1);
    count(counts, after, 1);
  }

  /** A row comes in (1) or goes (-1): footer totals and unique counts follow. */
  private countRow(row: GridRow, sign: 1 | -1): void {
    if (sign > 0) this.totals.addRow(row);
    else this.totals.removeRow(row);
    for (const [key, counts] of this.uniqueCounts) if (counts) count(counts, row[key], sign);
  }

  private afterStructure(): void {
    this.reindex();
    this.emitStructure();
    this.emitFooter();
  }

  private reindex(): void {
    const index = new Map<string, number>();
    const rows = this.rows;
    for (let position = 0; position < rows.length; position++) index.set(rows[position].id, position);
    this.index = index;
  }

  private emitRow(id: string): void {
    this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    for (const listener of this.rowListeners.get(id) ?? []) listener();
  }

  private emitStructure(): void {
    this.structure += 1;
    for (const listener of this.structureListeners) listener();
  }

  private emitFooter(): void {
    this.footerVersion += 1;
    for (const listener of this.footerListeners) listener();
  }

  private emitSelection(): void {
    this.selectionVersion += 1;
    for (const listener of this.selectionListeners) listener();
  }
}

function count(counts: Map<string, number>, value: unknown, by: 1 | -1): void {
  if (isEmptyValue(value)) return;
  const text = String(value).trim();
  const next = (counts.get(text) ?? 0) + by;
  if (next > 0) counts.set(text, next);
  else counts.delete(text);
}
