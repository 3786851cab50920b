/**
 * Which tables this process writes, as soon as each statement has run and again once the request that wrote them
 * has finished (its transaction committed, its answer not yet sent). Caches that answer from memory (session
 * grants, list pages) listen here, so a write in this process is never followed by an answer from before it.
 * Other processes and SQL consoles are covered by the database's NOTIFY triggers (grants-cache.ts, list-cache.ts);
 * this closes the moment between a commit and the arrival of its notification.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RawNode,
  RootOperationNode,
  UnknownRow,
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

const requestWrites = new AsyncLocalStorage<Set<string>>();

export class WriteWatch implements KyselyPlugin {
  private readonly listeners: Listener[] = [];
  private readonly pending = new WeakMap<object, Set<string>>();

  onWrite(listener: Listener): void {
    this.listeners.push(listener);
  }

  emit(tables: ReadonlySet<string>): void {
    for (const listener of this.listeners) listener(tables);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const names = writtenNames(args.node);
    if (names) {
      this.pending.set(args.queryId, names);
      const request = requestWrites.getStore();
      if (request) for (const name of names) request.add(name);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const names = this.pending.get(args.queryId);
    // Enough for a statement outside a transaction (a script, a test); a request's writes are told again below.
    if (names) this.emit(names);
    return args.result;
  }

  /** Each request keeps the names it wrote; they are told again once its handler is done, before it answers. */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', (_request, _reply, done) => requestWrites.run(new Set(), done));
    app.addHook('onSend', async (_request, _reply, payload) => {
      const written = requestWrites.getStore();
      if (written && written.size > 0) this.emit(written);
      return payload;
    });
  }
}
