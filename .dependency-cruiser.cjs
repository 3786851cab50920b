/**
 * The dependency order of both halves (drawn in docs/architecture.md), enforced by `npm run deps:check`, which
 * `npm test` and `npm run test:fast` run first. Any import against it fails the check.
 *
 * Browser:  src/contracts ← src/http ← src/providers ← src/engine ← renderers ← src/app ← src/main.tsx
 *           (a layer may import any layer to its left, never one to its right)
 * Server:   db ← core ← platform (entity engine, auth, dict, files, sms, menu, socket, openapi, check-rules)
 *              ← domains (domains/<domain>/: system, freight, report) ← start-up (seed, app.ts, main.ts, config.ts)
 *           server/context.ts (the AppContext types) may be imported by any server module, as types only.
 * Between:  the browser never imports server/ (nor scripts/, tests/); server/ imports src/contracts and nothing else
 *           of the browser's folders. No import cycle that runs on either half (one closed only by `import type` or
 *           a lazy `import()` is allowed). Type-only imports count for the layers.
 *
 * dependency-cruiser runs from tools/dependency-cruiser/ (its own package.json and lock), beside the classic
 * TypeScript 6 JS API it parses with; the root's TypeScript 7 (native) has none. See docs/decisions.md.
 */

const fs = require('node:fs');
const { createRequire } = require('node:module');

// dependency-cruiser reads .ts/.tsx only through a TypeScript with the classic JS API; beside TypeScript 7 (native,
// no such API) it silently skips them all and reports "no violations" over 0 modules. Refuse to run like that.
const cruiser = fs.realpathSync(process.argv[1] ?? __filename);
const typescript = createRequire(cruiser)('typescript');
if (typeof typescript.transpileModule !== 'function') {
  throw new Error(
    `dependency-cruiser (${cruiser}) finds TypeScript ${typescript.version}, which has no JS API: it would check ` +
      'nothing. Run it through `npm run deps:check` (tools/dependency-cruiser/, TypeScript 6).',
  );
}

/**
 * Field types and capabilities are folders (field-types/<type>/, capabilities/<name>/) holding one part per side,
 * plus the lists that register the parts (docs/architecture.md). Each part sits in the layer of the side it serves:
 * the shared part (contract*.ts, index.ts) with src/contracts, the server part (server*.ts) with the server's
 * platform, the renderer part (renderer*.tsx, renderers.ts) with renderers/. Lint parts serve scripts/ only.
 */
const PART_ROOT = '^(field-types|capabilities)/';
const SHARED_PART = `${PART_ROOT}(index\\.ts$|contract\\.ts$|[^/]+/contract[^/]*\\.ts$)`;
const SERVER_PART = `${PART_ROOT}(server(-part)?\\.ts$|[^/]+/server[^/]*\\.ts$)`;
const RENDERER_PART = `${PART_ROOT}(renderers?(-view)?\\.tsx?$|renderer-part\\.ts$|[^/]+/renderer[^/]*\\.tsx?$)`;
const LINT_PART = `${PART_ROOT}(lints\\.ts$|lint-part\\.ts$|[^/]+/lint[^/]*\\.ts$)`;

/** Browser layers, bottom first: each may import the ones before it. */
const BROWSER_LAYERS = [
  { name: 'contracts', path: `^src/contracts/|${SHARED_PART}` },
  { name: 'http', path: '^src/http/' },
  { name: 'providers', path: '^src/providers/' },
  { name: 'engine', path: '^src/engine/' },
  { name: 'renderers', path: `^renderers/|${RENDERER_PART}` },
  { name: 'app', path: '^src/app/' },
  { name: 'main', path: '^src/main\\.tsx$' },
];

/** Server layers, bottom first: each may import the ones before it (and its own). */
const SERVER_LAYERS = [
  { name: 'db', path: '^server/db/' },
  { name: 'core', path: '^server/core/' },
  {
    // The generic engine and the services it and every domain stand on. Its folders lean on each other (the entity
    // engine uses auth's guard, auth's directory routes use the engine's data scopes), so they are one layer, kept
    // free of cycles file by file.
    name: 'platform',
    path: `^server/(entity|auth|dict|files|sms|menu|socket|openapi|check-rules)/|${SERVER_PART}`,
  },
  {
    // Business areas on top of the engine, one folder per domain: server/domains/<domain>/.
    name: 'domains',
    path: '^server/domains/',
  },
  { name: 'start-up', path: '^server/(seed/|app\\.ts$|main\\.ts$|config\\.ts$)' },
];

const CONTEXT_TYPES = '^server/context\\.ts$';

/** "Layer N may not import a layer above it", one rule per layer. */
function upwardRules(half, layers) {
  return layers.slice(0, -1).map((layer, index) => ({
    name: `${half}-${layer.name}-imports-upward`,
    comment: `${layer.name} may import only ${layers
      .slice(0, index + 1)
      .map((l) => l.name)
      .join(', ')} (docs/architecture.md)`,
    severity: 'error',
    from: { path: layer.path },
    to: { path: layers.slice(index + 1).map((l) => l.path) },
  }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upwardRules('browser', BROWSER_LAYERS),
    ...upwardRules('server', SERVER_LAYERS),
    {
      name: 'browser-imports-server',
      comment: 'The browser bundle (and the shared parts) never imports the server, its parts, build scripts or tests.',
      severity: 'error',
      from: { path: `^(src|renderers)/|${RENDERER_PART}|${SHARED_PART}` },
      to: { path: `^(server|scripts|tests)/|${SERVER_PART}|${LINT_PART}` },
    },
    {
      name: 'server-imports-browser',
      comment: 'server/ (and the server parts) share src/contracts and the shared parts with the browser, nothing else.',
      severity: 'error',
      from: { path: `^server/|${SERVER_PART}` },
      to: { path: `^(src/|renderers/|scripts/|tests/)|${RENDERER_PART}|${LINT_PART}`, pathNot: '^src/contracts/' },
    },
    {
      name: 'server-context-at-run-time',
      comment: 'server/context.ts holds the AppContext types that every server module may see; import it as types only.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: CONTEXT_TYPES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-context-imports-upward',
      comment: 'The AppContext types are made of the layers below the domains.',
      severity: 'error',
      from: { path: CONTEXT_TYPES },
      to: { path: SERVER_LAYERS.slice(3).map((l) => l.path) },
    },
    {
      name: 'unlayered-module',
      comment:
        'Every module of src/, renderers/, server/, field-types/ and capabilities/ sits in a layer above (a part is ' +
        'named for its side: contract*, server*, renderer*, lint*); add a new folder or file to one.',
      severity: 'error',
      from: {
        path: `^(src|renderers|server)/|${PART_ROOT}`,
        pathNot: [...BROWSER_LAYERS, ...SERVER_LAYERS].map((l) => l.path).concat(CONTEXT_TYPES, LINT_PART),
      },
      to: {},
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles that run: a cycle closed only by an `import type` or a lazy `import()` is allowed, since ' +
        'neither executes the other module at load time (the AppContext types in server/context.ts are one).',
      severity: 'error',
      from: { path: `^(src|renderers|server)/|${PART_ROOT}` },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the check cannot resolve is an import it cannot judge.',
      severity: 'error',
      from: { path: `^(src|renderers|server)/|${PART_ROOT}` },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)node_modules/|^dist/|\\.test\\.tsx?$' },
    // Type-only imports count: a layer that needs another's types depends on it.
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
