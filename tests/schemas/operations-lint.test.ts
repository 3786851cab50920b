import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { checkAllSchemas, type Problem } from '../../scripts/lib/schema-files.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DRIVER_FILE = 'schemas/entities/freight/hy-driver.entity.json';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A scratch copy of schemas/ whose driver file has the given operations and grants. */
function problemsWith(patch: (driver: EntitySchema) => void): Problem[] {
  return problemsIn(DRIVER_FILE, patch);
}

/** The same for any entity file of schemas/. */
function problemsIn(file: string, patch: (entity: EntitySchema) => void): Problem[] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'operations-lint-'));
  temps.push(root);
  fs.cpSync(path.join(repoRoot, 'schemas'), path.join(root, 'schemas'), { recursive: true });
  const entity = JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as EntitySchema;
  patch(entity);
  fs.writeFileSync(path.join(root, file), JSON.stringify(entity, null, 2));
  return checkAllSchemas(root).filter((p) => p.file === file);
}

describe('lint of entity operations', () => {
  it('accepts the driver review operations as shipped', () => {
    expect(problemsWith(() => undefined)).toEqual([]);
  });

  it('takes "$now" as the default of date and datetime fields only', () => {
    const problems = problemsWith((driver) => {
      driver.fields.validPeriodFrom = { ...driver.fields.validPeriodFrom, default: '$now' };
      driver.fields.remark = { ...driver.fields.remark, default: '$now' };
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([['/fields/remark/default', '"$now" is the default of date and datetime fields only']]);
  });

  it('reports keys, fields, dictionary values, types and grants by pointer', () => {
    const problems = problemsWith((driver) => {
      driver.operations = [
        { key: 'edit', label: '编辑', placement: ['row'], set: { reviewStatus: '2' } },
        { key: 'approve', label: '审核通过', placement: ['toolbar'], set: { reviewStatus: '9', ghost: 'x', creditScore: 'high', driverName: null } },
        { key: 'approve', label: '再次', placement: ['row'], when: { reviewStatus: ['7', '1,2'], createBy: ['a'] }, set: { reviewRemark: 'x' }, input: [{ field: 'reviewRemark' }, { field: 'licenseImg' }] },
        { key: 'noop', label: '空', placement: ['row'] },
      ];
      driver.defaultGrants = { ops: ['list', 'approve', 'publish'] };
    });
    const byPointer = new Map(problems.map((p) => [p.path, p.message]));
    expect(byPointer.get('/operations/0/key')).toMatch(/CRUD route/);
    expect(byPointer.get('/operations/1/placement')).toMatch(/needs a `when`/);
    expect(byPointer.get('/operations/1/set/reviewStatus')).toMatch(/"9" is not an item of dictionary "review_status"/);
    expect(byPointer.get('/operations/1/set/ghost')).toMatch(/unknown field "ghost"/);
    expect(byPointer.get('/operations/1/set/creditScore')).toMatch(/does not fit a integer field/);
    expect(byPointer.get('/operations/1/set/driverName')).toMatch(/required and cannot be cleared/);
    expect(byPointer.get('/operations/2/key')).toMatch(/declared twice/);
    expect(byPointer.get('/operations/2/when/reviewStatus/0')).toMatch(/"7" is not an item/);
    expect(byPointer.get('/operations/2/when/reviewStatus/1')).toMatch(/plain value/);
    expect(byPointer.get('/operations/2/when/createBy')).toMatch(/system field "createBy"/);
    expect(byPointer.get('/operations/2/set/reviewRemark')).toMatch(/both set and asked for as input/);
    // An upload opens the file-upload popup, so it must be the only input (as 上传附件 is, shipped above).
    expect(byPointer.get('/operations/2/input/1/field')).toMatch(/an upload must be the operation's only input/);
    expect(byPointer.get('/operations/3')).toMatch(/writes nothing/);
    expect(byPointer.get('/defaultGrants/ops/2')).toMatch(/"publish" is neither an action nor an operation key/);
    expect(problems.map((p) => p.path).sort()).toEqual([...byPointer.keys()].sort());
  });

  it('takes a route operation (served by server code) without set, with or without input, and refuses one that also writes', () => {
    const problems = problemsWith((driver) => {
      driver.operations = [
        { key: 'exportCard', label: '导出证件', placement: ['batch'], route: '/hydriver/hyDriver/exportCard' },
        { key: 'asks', label: '询问', placement: ['batch'], route: '/hydriver/hyDriver/asks', input: [{ field: 'licenseNo', required: true }] },
        { key: 'both', label: '两者', placement: ['row'], route: '/hydriver/hyDriver/both', set: { reviewStatus: '2' } },
      ];
      driver.defaultGrants = { ops: ['list', 'exportCard', 'asks'] };
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/operations/2/route', expect.stringMatching(/takes no `set`/)],
    ]);
  });

  it('takes inputFrom (another entity\'s fields as a route\'s inputs) only on a route, naming that entity\'s fields', () => {
    const problems = problemsWith((driver) => {
      driver.operations = [
        { key: 'payAll', label: '批量付', placement: ['batch'], route: '/hyfund/hyFundFlow/payAll', inputFrom: 'hyFundFlow', input: [{ field: 'sequenceCode' }, { field: 'paySource' }] },
        { key: 'ghost', label: '幽灵', placement: ['batch'], route: '/hyfund/hyFundFlow/ghost', inputFrom: 'hyFundFlow', input: [{ field: 'licenseNo' }] },
        { key: 'nowhere', label: '无处', placement: ['batch'], route: '/x/y', inputFrom: 'hyNothing', input: [{ field: 'sequenceCode' }] },
        { key: 'noRoute', label: '无路由', placement: ['row'], inputFrom: 'hyFundFlow', input: [{ field: 'sequenceCode' }], set: { reviewStatus: '2' } },
      ];
      driver.defaultGrants = { ops: ['list', 'payAll', 'ghost', 'nowhere', 'noRoute'] };
    });
    const byPointer = new Map(problems.map((p) => [p.path, p.message]));
    expect([...byPointer.keys()].filter((k) => k.startsWith('/operations/0'))).toEqual([]);
    expect(byPointer.get('/operations/1/input/0/field')).toBe('unknown field "licenseNo" of hyFundFlow');
    expect(byPointer.get('/operations/2/inputFrom')).toBe('unknown entity "hyNothing"');
    expect(byPointer.get('/operations/3/inputFrom')).toMatch(/declare the route too/);
  });

  it('checks reviewOnChange: a dictionary state field, its items, and declared watched fields', () => {
    const problems = problemsWith((driver) => {
      driver.reviewOnChange = { field: 'reviewStatus', from: ['2', '7'], to: '1', fields: ['licenseNo', 'reviewStatus', 'ghost'] };
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/reviewOnChange/from/1', '"7" is not an item of dictionary "review_status"'],
      ['/reviewOnChange/fields/1', 'the state field cannot re-open its own review'],
      ['/reviewOnChange/fields/2', '"ghost" is not a declared field'],
    ]);
    const notDict = problemsWith((driver) => {
      driver.reviewOnChange = { field: 'driverName', from: ['2'], to: '1', fields: ['licenseNo'] };
    });
    expect(notDict.map((p) => p.message)).toEqual(['"driverName" must be a dictionary field']);
  });

  it('checks editWhen and deleteWhen: declared fields, dictionary items, and free fields other than the state', () => {
    const problems = problemsWith((driver) => {
      driver.editWhen = { when: { reviewStatus: ['0', '9'] }, freeFields: ['remark', 'reviewStatus', 'ghost'] };
      driver.deleteWhen = { when: { phantom: ['1'] } };
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/editWhen/when/reviewStatus/1', '"9" is not an item of dictionary "review_status"'],
      ['/editWhen/freeFields/1', '"reviewStatus" is the guard\'s own state field'],
      ['/editWhen/freeFields/2', '"ghost" is not a declared field'],
      ['/deleteWhen/when/phantom', '"phantom" is not a declared field'],
    ]);
  });

  it('checks an entity’s own requires like an operation’s: a referencing field and fields its target has', () => {
    const problems = problemsIn('schemas/entities/freight/hy-shipping-note.entity.json', (note) => {
      note.requires = [
        { field: 'remark', when: { reviewStatus: ['2'] }, message: '备注不是引用' },
        { field: 'driverId', when: { ghostStatus: ['2'] }, notExpired: ['validPeriodTo'], message: '司机不符' },
      ];
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/requires/0/field', '"remark" declares no references'],
      ['/requires/1', 'entity "hyDriver" has no field "ghostStatus"'],
    ]);
  });

  it('checks countOf: a readOnly integer counting a string field of an existing entity that refers here', () => {
    const problems = problemsWith((driver) => {
      driver.fields.creditScore = { ...driver.fields.creditScore, countOf: { entity: 'hyVehicle', field: 'carrierId' } };
      driver.fields.remark = { label: '备注', type: 'integer', readOnly: true, countOf: { entity: 'hyGhost', field: 'x' } };
      driver.fields.bankName = { label: '绑定数', type: 'integer', readOnly: true, countOf: { entity: 'hyVehicle', field: 'vehicleTonnage' } };
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/fields/bankName/countOf/field', '"vehicleTonnage" must be a string field holding ids'],
      ['/fields/creditScore/countOf', 'countOf is kept by the database: the field must be an integer with readOnly: true'],
      ['/fields/creditScore/countOf/field', '"carrierId" references "hyCarrier", not "hyDriver"'],
      ['/fields/remark/countOf/entity', 'unknown entity "hyGhost"'],
    ]);
  });

  it('checks copyFrom.perUnit: a money field shared over an integer field of the source', () => {
    const problems = problemsIn('schemas/entities/freight/hy-shipping-note.entity.json', (note) => {
      note.fields.goodsName = { ...note.fields.goodsName, copyFrom: { via: 'orderId', field: 'goodsName', perUnit: 'truckCount' } };
      note.fields.driverFee = { ...note.fields.driverFee, copyFrom: { via: 'orderId', field: 'driverFee', perUnit: 'goodsName' } };
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/fields/goodsName/copyFrom/perUnit', 'perUnit shares an amount: the field must be money'],
      ['/fields/driverFee/copyFrom/perUnit', 'entity "hyOrder" has no integer field "goodsName"'],
    ]);
  });

  it('checks configDefault names a platform setting of the same type and dictionary', () => {
    const problems = problemsWith((driver) => {
      driver.fields.creditScore = { ...driver.fields.creditScore, configDefault: 'ghostSetting' };
      driver.fields.remark = { ...driver.fields.remark, configDefault: 'vatRate' };
      driver.fields.reviewStatus = { ...driver.fields.reviewStatus, configDefault: 'defaultSettlementType' };
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/fields/creditScore/configDefault', '"ghostSetting" is not a field of the platform configuration (hyConfig)'],
      ['/fields/reviewStatus/configDefault', '"defaultSettlementType" uses dictionary "settlement_type"; this field uses "review_status"'],
      ['/fields/remark/configDefault', '"vatRate" is a number setting; this field is text'],
    ]);
  });

  it('checks dataScope.customerReaders: string fields, and only beside a customer field', () => {
    const problems = problemsWith((driver) => {
      driver.dataScope = { customer: 'driverName', customerReaders: ['creditScore', 'ghost'] };
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/dataScope/customerReaders/0', '"creditScore" must be a declared string field (it holds a customer id)'],
      ['/dataScope/customerReaders/1', '"ghost" must be a declared string field (it holds a customer id)'],
    ]);
    const alone = problemsWith((driver) => {
      driver.dataScope = { customerReaders: ['driverName'] };
    });
    expect(alone.map((p) => p.path)).toEqual(['/dataScope/customerReaders']);
  });
});
