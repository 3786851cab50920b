import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ENTITY_ACTIONS, type EntitySchema, type FieldDef, type FieldType, type QueryMode } from '../../src/contracts/entity.ts';
import { FORMAT_CHECKS } from '../../src/contracts/validation/formats.ts';
import {
  SchemaCheckError,
  checkAllSchemas,
  findSchemaFiles,
  formatProblem,
  loadEntitySchemas,
  loadSchemas,
  type Problem,
} from '../../scripts/lib/schema-files.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DRIVER_FILE = 'schemas/entities/freight/hy-driver.entity.json';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A scratch repo root holding a copy of the real schemas/ folder (meta-schemas included). */
function scratchRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-files-'));
  temps.push(root);
  fs.cpSync(path.join(repoRoot, 'schemas'), path.join(root, 'schemas'), { recursive: true });
  return root;
}

function writeJson(root: string, file: string, data: unknown): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), typeof data === 'string' ? data : JSON.stringify(data, null, 2));
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as T;
}

/** A second, valid entity that shares nothing unique with the repository's entities (hyCarrier is a real one now). */
function sampleEntity(overrides: Partial<EntitySchema> = {}): EntitySchema {
  return {
    $schema: '../../_meta/entity.schema.json',
    kind: 'entity',
    name: 'hySampleCarrier',
    title: '承运商',
    table: 'hy_sample_carrier',
    api: '/hysample/hySampleCarrier',
    permissionPrefix: 'hysample:hySampleCarrier',
    fields: {
      carrierName: { label: '承运商名称', type: 'string', required: true, maxLength: 256 },
      creditCode: { label: '统一社会信用代码', type: 'string', required: true, format: 'uscc', unique: true },
      contactPhone: { label: '联系电话', type: 'string', format: 'mobile', mask: 'phone' },
      reviewStatus: { label: '审核状态', type: 'string', dict: 'review_status', default: '1' },
      dispatchRate: { label: '调度费率', type: 'number', minimum: 0, maximum: 1 },
    },
    list: {
      columns: ['carrierName', { field: 'creditCode', width: 200 }, 'reviewStatus', { field: 'createTime', sortable: true }],
      query: ['carrierName', { field: 'reviewStatus', mode: 'eq' }, { field: 'createTime', mode: 'range' }],
      defaultSort: { field: 'createTime', order: 'desc' },
    },
    form: { fields: ['carrierName', 'creditCode', 'contactPhone', 'reviewStatus', 'dispatchRate'], columns: 2 },
    menu: { parent: 'wlhy', path: '/wlhy/hysample/HySampleCarrierList', component: 'wlhy/hysample/HySampleCarrierList', order: 20 },
    defaultGrants: { admin: ['list', 'add', 'edit', 'delete'], ops: ['list'] },
    ...overrides,
  };
}

const pointers = (problems: Problem[], file: string) => problems.filter((p) => p.file === file).map((p) => p.path);
const find = (problems: Problem[], file: string, pointer: string) =>
  problems.find((p) => p.file === file && p.path === pointer);

describe('the repository schemas', () => {
  it('have no problems', () => {
    const problems = checkAllSchemas(repoRoot);
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('are all found', () => {
    const files = findSchemaFiles(repoRoot);
    expect(files.entities).toContain(DRIVER_FILE);
    expect(files.menus).toBe('schemas/menus.json');
    expect(files.dicts).toEqual(expect.arrayContaining(['schemas/dicts/freight.dicts.json', 'schemas/dicts/system.dicts.json']));
    expect(files.dicts.every((file) => file.endsWith('.dicts.json'))).toBe(true);
    expect(files.ignored).toEqual([]);
  });

  it('load for the server', () => {
    const entities = loadEntitySchemas(repoRoot);
    const driver = entities.find((e) => e.name === 'hyDriver');
    expect(driver?.table).toBe('hy_driver');
    expect(driver?.fields.idCard.format).toBe('cn-id-card');
    const all = loadSchemas(repoRoot);
    expect(all.menus.menus.map((m) => m.key)).toContain('wlhy');
    expect(all.dictionaries.map((d) => d.code)).toContain('review_status');
  });
});

describe('the meta-schemas stay in step with the TypeScript contract', () => {
  const meta = readJson<{ definitions: Record<string, { properties: Record<string, { enum?: unknown[] }> }> }>(
    'schemas/_meta/entity.schema.json',
  );
  const field = meta.definitions.field.properties;

  it('field types', () => {
    // Record<FieldType, …> fails to compile when FieldType gains or loses a member.
    const types: Record<FieldType, true> = {
      string: true, text: true, integer: true, number: true, money: true, date: true, datetime: true, boolean: true, image: true, file: true,
      tags: true, password: true, secret: true, richtext: true, coordinates: true, department: true, user: true, rows: true,
    };
    expect([...(field.type.enum ?? [])].sort()).toEqual(Object.keys(types).sort());
  });

  it('formats, masks, actions and query modes', () => {
    expect([...(field.format.enum ?? [])].sort()).toEqual(Object.keys(FORMAT_CHECKS).sort());
    const masks: Record<NonNullable<FieldDef['mask']>, true> = { 'id-card': true, phone: true, 'bank-card': true };
    expect([...(field.mask.enum ?? [])].sort()).toEqual(Object.keys(masks).sort());
    expect(meta.definitions.action).toMatchObject({ enum: [...ENTITY_ACTIONS] });
    const modes: Record<QueryMode, true> = { like: true, eq: true, range: true };
    const query = (meta.definitions.list.properties.query as unknown as { items: { properties: { mode: { enum: unknown[] } } } }).items;
    expect([...query.properties.mode.enum].sort()).toEqual(Object.keys(modes).sort());
  });

  it('every key of FieldDef has a description', () => {
    for (const [key, def] of Object.entries(field)) expect((def as { description?: string }).description, key).toBeTruthy();
  });
});

describe('checkAllSchemas on broken files', () => {
  const BROKEN = 'schemas/entities/test/broken.entity.json';

  it('reports the file and JSON pointer of each mistake', () => {
    const root = scratchRoot();
    const entity = sampleEntity() as unknown as Record<string, unknown>;
    const broken = {
      ...entity,
      table: 'Hy-Carrier', // not snake_case
      fields: {
        ...(entity.fields as object),
        carrierName: { label: '承运商名称', type: 'string', requried: true }, // misspelt key
        bankCode: { label: '开户行', type: 'string', dict: 'bank_kode' }, // unknown dictionary
      },
      list: { columns: ['carrierName', 'creditCode', 'reviewStatus', { field: 'carrierNmae', width: 120 }] }, // unknown field
    };
    writeJson(root, BROKEN, broken);

    const problems = checkAllSchemas(root);
    expect(find(problems, BROKEN, '/table')?.message).toMatch(/pattern/);
    expect(find(problems, BROKEN, '/fields/carrierName/requried')?.message).toBe('unknown key "requried" — did you mean "required"?');
    expect(find(problems, BROKEN, '/fields/bankCode/dict')?.message).toMatch(/unknown dictionary "bank_kode"/);
    expect(find(problems, BROKEN, '/list/columns/3/field')?.message).toMatch(/unknown field "carrierNmae"/);
    expect(pointers(problems, BROKEN).sort()).toEqual(
      ['/fields/bankCode/dict', '/fields/carrierName/requried', '/list/columns/3/field', '/table'].sort(),
    );
    // The good files stay quiet.
    expect(problems.every((p) => p.file === BROKEN)).toBe(true);
  });

  it('lints references, system fields and value rules', () => {
    const root = scratchRoot();
    const entity = sampleEntity();
    writeJson(root, BROKEN, {
      ...entity,
      fields: {
        ...entity.fields,
        createTime: { label: '创建时间', type: 'datetime' }, // system field
        tenantId: { label: '租户', type: 'integer' }, // system field
        score: { label: '分数', type: 'integer', format: 'mobile', mask: 'phone', maxLength: 3 },
        remark: { label: '备注', type: 'text', mask: 'id-card', pattern: '^(unclosed$' },
        level: { label: '等级', type: 'string', dict: 'review_status', default: '7' },
        amount: { label: '金额', type: 'money', minimum: 10, maximum: 1, default: 'ten' },
        mustHave: { label: '必填', type: 'string', required: true },
        photo: { label: '照片', type: 'image', maxCount: 3 },
        nickname: { label: '昵称', type: 'string', maxCount: 2, biz: 'x' },
      },
      list: {
        columns: ['carrierName', 'carrierName', 'updateBy', 'sysOrgCode', { field: 'photo', sortable: true }],
        query: ['nope', { field: 'carrierName', mode: 'range' }, 'photo'],
        defaultSort: { field: 'missing', order: 'asc' },
      },
      form: { fields: ['carrierName', 'createBy', 'ghost'] },
      menu: { parent: 'nowhere', path: '/wlhy/hysample/HySampleCarrierList', component: 'wlhy/hysample/HySampleCarrierList', order: 1 },
      defaultGrants: { admin: ['list'], guest: ['list'] },
    });

    const problems = checkAllSchemas(root);
    const expected = [
      '/fields/createTime',
      '/fields/tenantId',
      '/fields/score/format',
      '/fields/score/mask',
      '/fields/score/maxLength',
      '/fields/remark/mask',
      '/fields/remark/pattern',
      '/fields/level/default',
      '/fields/amount/minimum',
      '/fields/amount/default',
      '/fields/mustHave/required',
      '/fields/creditCode/required', // required, no default, and no longer in form.fields
      '/list/columns/1',
      '/list/columns/3',
      '/list/query/0',
      '/list/query/1/mode',
      '/fields/nickname/maxCount',
      '/fields/nickname/biz',
      '/list/columns/4/sortable',
      '/list/query/2',
      '/list/defaultSort/field',
      '/form/fields/1',
      '/form/fields/2',
      '/menu/parent',
      '/defaultGrants/guest',
    ];
    expect(pointers(problems, BROKEN).sort()).toEqual(expected.sort());
    expect(find(problems, BROKEN, '/fields/createTime')?.message).toMatch(/system field/);
    expect(find(problems, BROKEN, '/fields/score/format')?.message).toMatch(/only allowed on string fields/);
    expect(find(problems, BROKEN, '/list/columns/1')?.message).toMatch(/twice/);
    expect(find(problems, BROKEN, '/list/columns/3')?.message).toMatch(/unknown field "sysOrgCode"/);
    expect(find(problems, BROKEN, '/form/fields/1')?.message).toMatch(/system field "createBy" cannot be edited/);
    expect(find(problems, BROKEN, '/menu/parent')?.message).toMatch(/unknown menu "nowhere"/);
    expect(find(problems, BROKEN, '/defaultGrants/guest')?.message).toMatch(/unknown role "guest"/);
    expect(find(problems, BROKEN, '/list/query/2')?.message).toMatch(/uploads cannot be searched/);
    expect(find(problems, BROKEN, '/fields/nickname/biz')?.message).toMatch(/only allowed on image and file fields/);
  });

  it('finds names, tables, api paths and menu paths used twice across files', () => {
    const root = scratchRoot();
    const driver = readJson<EntitySchema>(DRIVER_FILE);
    writeJson(root, BROKEN, sampleEntity({
      name: driver.name,
      table: driver.table,
      api: driver.api,
      permissionPrefix: driver.permissionPrefix,
      menu: { ...driver.menu!, order: 99 },
    }));
    const problems = checkAllSchemas(root);
    // Files are read in path order, so the driver (freight/…) comes first and the test/… copy is the duplicate.
    expect(pointers(problems, BROKEN).sort()).toEqual(
      ['/api', '/menu/component', '/menu/path', '/name', '/permissionPrefix', '/table'].sort(),
    );
    expect(find(problems, BROKEN, '/table')?.message).toBe(`duplicate table "hy_driver" (first in ${DRIVER_FILE}#/table)`);

    // A menu path may not repeat one from menus.json either.
    writeJson(root, BROKEN, sampleEntity({ menu: { parent: 'wlhy', path: '/dashboard/analysis', component: 'x/Y', order: 1 } }));
    expect(pointers(checkAllSchemas(root), BROKEN)).toEqual(['/menu/path']);
  });

  it('checks dictionaries and menus', () => {
    const root = scratchRoot();
    const DICTS = 'schemas/dicts/extra.dicts.json';
    writeJson(root, DICTS, {
      $schema: '../_meta/dicts.schema.json',
      dictionaries: [
        { code: 'sex', name: '性别', items: [{ value: '1', text: '男' }] }, // code also in system.dicts.json
        { code: 'fuel', name: '燃料', items: [{ value: 'A', text: '汽油' }, { value: 'A', text: '柴油' }] },
        { code: 'Bad-Code', name: '坏', items: [] },
        { code: 'colour', name: '颜色', items: [{ value: '1', txt: '蓝' }] },
      ],
    });
    const menus = readJson<{ menus: Array<Record<string, unknown>> }>('schemas/menus.json');
    writeJson(root, 'schemas/menus.json', {
      ...menus,
      menus: [
        ...menus.menus,
        { key: 'wlhy', title: '重复', path: '/dup', component: 'layouts/RouteView', order: 1, roles: [] },
        { key: 'orphan', title: '孤儿', path: '/orphan', component: 'x/Y', order: 1, roles: ['boss'], parent: 'missing' },
        { key: 'a', title: 'A', path: '/a', component: 'x/A', order: 1, roles: [], parent: 'b' },
        { key: 'b', title: 'B', path: '/a', component: 'x/B', order: 1, roles: [], parent: 'a' },
      ],
    });

    const problems = checkAllSchemas(root);
    expect(pointers(problems, DICTS).sort()).toEqual(
      [
        '/dictionaries/1/items/1/value', // duplicate value
        '/dictionaries/2/code', // pattern
        '/dictionaries/2/items', // minItems
        '/dictionaries/3/items/0', // missing text
        '/dictionaries/3/items/0/txt', // unknown key
      ].sort(),
    );
    expect(find(problems, DICTS, '/dictionaries/1/items/1/value')?.message).toBe('duplicate value "A" in dictionary "fuel"');
    // extra.dicts.json sorts before system.dicts.json, so system's "sex" is the duplicate.
    expect(find(problems, 'schemas/dicts/system.dicts.json', '/dictionaries/0/code')?.message).toMatch(/duplicate dictionary code "sex"/);

    const MENUS = 'schemas/menus.json';
    const n = menus.menus.length;
    expect(pointers(problems, MENUS).sort()).toEqual(
      [`/menus/${n}/key`, `/menus/${n + 1}/parent`, `/menus/${n + 1}/roles/0`, `/menus/${n + 2}/parent`, `/menus/${n + 3}/parent`, `/menus/${n + 3}/path`].sort(),
    );
  });

  it('reports unreadable JSON, wrong $schema pointers, misnamed and missing files', () => {
    const root = scratchRoot();
    writeJson(root, BROKEN, '{ "kind": "entity", }');
    writeJson(root, 'schemas/entities/test/other.json', sampleEntity());
    writeJson(root, 'schemas/entities/test/pointer.entity.json', sampleEntity({ $schema: '../_meta/entity.schema.json' }));
    fs.rmSync(path.join(root, 'schemas/menus.json'));

    const problems = checkAllSchemas(root);
    expect(find(problems, BROKEN, '')?.message).toMatch(/^invalid JSON: .*line 1, column/);
    expect(find(problems, 'schemas/entities/test/other.json', '')?.message).toMatch(/must be named \*\.entity\.json/);
    expect(find(problems, 'schemas/entities/test/pointer.entity.json', '/$schema')?.message).toBe(
      'should be "../../_meta/entity.schema.json" (the entity meta-schema)',
    );
    expect(find(problems, 'schemas/menus.json', '')?.message).toBe('file is missing');
    // Without menus.json every entity's parent is unknown.
    expect(find(problems, DRIVER_FILE, '/menu/parent')).toBeDefined();
  });

  it('makes the server loader throw, unless told not to check', () => {
    const root = scratchRoot();
    writeJson(root, BROKEN, sampleEntity({ table: 'Bad Table' }));
    expect(() => loadEntitySchemas(root)).toThrow(SchemaCheckError);
    try {
      loadEntitySchemas(root);
    } catch (error) {
      expect((error as SchemaCheckError).problems).toEqual([
        { file: BROKEN, path: '/table', message: 'must match pattern "^[a-z][a-z0-9_]*$"' },
      ]);
      expect((error as Error).message).toContain(`${BROKEN}#/table: must match pattern`);
    }
    const names = loadEntitySchemas(root, { check: false }).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['hySampleCarrier', 'hyDriver']));
  });

  it('accepts a second valid entity', () => {
    const root = scratchRoot();
    writeJson(root, BROKEN, sampleEntity());
    expect(checkAllSchemas(root)).toEqual([]);
  });
});
