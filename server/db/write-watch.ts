/**
 * Which tables this process writes, told the moment they are committed: a statement outside a transaction once it
 * has run, a transaction's statements once its commit has returned. Caches that answer from memory (session grants,
 * list pages) listen here, so a write in this process is never followed by an answer from before it. Other processes
 * and SQL consoles are covered by the database's NOTIFY triggers (grants-cache.ts, list-cache.ts); this closes the
 * moment between a commit and the arrival of its notification.
 *
 * It watches at the driver, wrapping the dialect's connections, rather than per request: the driver sees every
 * commit whatever code made it, and nothing per request (an AsyncLocalStorage would tax every promise the server
 * makes) is needed.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  RawNode,
  RootOperationNode,
  TransactionSettings,
} from 'kysely';

type Listener = (tables: ReadonlySet<string>) => void;

const WRITE_VERB = /^\s*(insert|update|delete|truncate|merge|with)\b/i;
const WORD = /[a-z_][a-z0-9_]*/gi;

/** Every identifier and raw-SQL word in a statement: a superset of the tables it writes (extra names are harmless). */
function namesIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) namesIn(item, into);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as { kind?: unknown; name?: unknown; sqlFragments?: unknown };
  if (node.kind === 'ValueNode' || node.kind === 'ValueListNode') return; // bound values are data, not names
  if (node.kind === 'IdentifierNode' && typeof node.name === 'string') into.add(node.name);
  if (node.kind === 'RawNode' && Array.isArray(node.sqlFragments)) {
    for (const fragment of node.sqlFragments) for (const word of String(fragment).match(WORD) ?? []) into.add(word.toLowerCase());
  }
  for (const child of Object.values(value)) if (child && typeof child === 'object') namesIn(child, into);
}

/** The names a write statement mentions, or null for a read. */
function writtenNames(node: RootOperationNode): Set<string> | null {
  if (node.kind === 'SelectQueryNode') return null;
  // Raw statements: ours start with their verb; a plain select (the common case) is skipped unread.
  if (node.kind === 'RawNode' && !WRITE_VERB.test((node as RawNode).sqlFragments[0] ?? '')) return null;
  const names = new Set<string>();
  namesIn(node, names);
  return names;
}

export class WriteWatch {
  private readonly listeners = new Set<Listener>();

  /** Calls `listener` with the tables of every committed write; returns the function that stops it. */
  onWrite(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(tables: ReadonlySet<string>): void {
    for (const listener of this.listeners) listener(tables);
  }

  /** The same dialect, with every connection it hands out watched. */
  watch(dialect: Dialect): Dialect {
    return {
      createAdapter: (): DialectAdapter => dialect.createAdapter(),
      createDriver: (): Driver => new WatchedDriver(dialect.createDriver(), this),
      createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
      createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
    };
  }
}

class WatchedConnection implements DatabaseConnection {
  /** The names written in the open transaction; null outside one. */
  written: Set<string> | null = null;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: WriteWatch,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiledQuery);
    const names = writtenNames(compiledQuery.query);
    if (names && this.written) for (const name of names) this.written.add(name);
    else if (names) this.watch.emit(names);
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class WatchedDriver implements Driver {
  private readonly connections = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.connections.get(connection);
    if (!watched) this.connections.set(connection, (watched = new WatchedConnection(connection, this.watch)));
    return watched;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    watched.written = new Set();
    return this.inner.beginTransaction(watched.inner, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    const written = watched.written;
    watched.written = null;
    try {
      await this.inner.commitTransaction(watched.inner);
    } finally {
      // Told even when the commit failed: its outcome is then unknown, and a needless refresh is harmless.
      if (written && written.size > 0) this.watch.emit(written);
    }
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    watched.written = null;
    return this.inner.rollbackTransaction(watched.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]): Promise<void> {
    if (!this.inner.savepoint) throw new Error('this database driver has no savepoints');
    return this.inner.savepoint((connection as WatchedConnection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2]): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('this database driver has no savepoints');
    // The names written since the savepoint stay listed: a needless refresh is harmless, a missed one is not.
    return this.inner.rollbackToSavepoint((connection as WatchedConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2]): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('this database driver has no savepoints');
    return this.inner.releaseSavepoint((connection as WatchedConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
