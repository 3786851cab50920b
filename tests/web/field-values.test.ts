import { describe, expect, it } from 'vitest';
import { formatCoordinates, isCoordinates, parseCoordinates } from '../../field-types/coordinates/contract.ts';
import {
  formatTagsInput,
  htmlToText,
  nowDefaults,
  parseNumberInput,
  splitList,
  tagsInputToValue,
  tagsValueToInput,
} from '../../src/contracts/index.ts';
import { entityWriteSchema, fieldMessage, isMultiValue } from '../../src/contracts/index.ts';
import type { EntitySchema } from '../../src/contracts/index.ts';

describe('tags input rule', () => {
  it('drops typed semicolons and puts one after every two characters', () => {
    expect(formatTagsInput('abcde')).toBe('ab;cd;e');
    expect(formatTagsInput('a;b;c;d')).toBe('ab;cd');
    expect(formatTagsInput('京A;')).toBe('京A');
    expect(formatTagsInput('')).toBe('');
  });
  it('stores tags comma-joined and shows them semicolon-joined', () => {
    expect(tagsInputToValue('ab;cd;e')).toBe('ab,cd,e');
    expect(tagsInputToValue(';;')).toBeUndefined();
    expect(tagsValueToInput('ab,cd')).toBe('ab;cd');
    expect(splitList(' a, ,b ')).toEqual(['a', 'b']);
  });
});

describe('number input rule', () => {
  it('accepts an optional minus, digits and an optional decimal point', () => {
    expect(parseNumberInput('12')).toBe(12);
    expect(parseNumberInput('-3.5')).toBe(-3.5);
    expect(parseNumberInput('7.')).toBe(7);
    expect(parseNumberInput(' 8 ')).toBe(8);
  });
  it('clears anything else', () => {
    for (const bad of ['', '-', '.5', '1.2.3', '1e3', 'abc', '--1', '+1']) expect(parseNumberInput(bad)).toBeUndefined();
  });
});

describe('coordinates', () => {
  it('reads lng,lat within range', () => {
    expect(parseCoordinates('109.78,39.61')).toEqual({ lng: 109.78, lat: 39.61 });
    expect(isCoordinates('-180,90')).toBe(true);
    expect(isCoordinates('180.5,0')).toBe(false);
    expect(isCoordinates('0,-90.1')).toBe(false);
    expect(isCoordinates('1;2')).toBe(false);
    expect(formatCoordinates(1.5, undefined)).toBeUndefined();
    expect(formatCoordinates(1.5, -2)).toBe('1.5,-2');
  });
});

describe('schema of the newer types', () => {
  const entity = {
    kind: 'entity', name: 'x', title: 'x', table: 'x', api: '/x', permissionPrefix: 'x',
    fields: {
      depart: { label: '部门', type: 'department', required: true },
      tags: { label: '标签', type: 'tags' },
      where: { label: '位置', type: 'coordinates' },
      kinds: { label: '类别', type: 'string', dict: 'k', widget: 'checkbox' },
    },
    list: { columns: [] },
    form: { fields: [] },
  } as EntitySchema;

  it('compiles to JSON Schema the browser and the server share', () => {
    const schema = entityWriteSchema(entity);
    expect(schema.required).toEqual(['depart']);
    expect(schema.properties.where.format).toBe('cn-coordinates');
    expect(schema.properties.tags.pattern).toBeDefined();
    expect(isMultiValue(entity.fields.kinds)).toBe(true);
    expect(fieldMessage(entity.fields.depart, 'required', {})).toBe('请选择部门');
  });

  it('reads rich text as plain text', () => {
    expect(htmlToText('<p>你好&nbsp;<b>世界</b></p><script>x()</script>')).toBe('你好 世界');
  });
});

describe('$now defaults', () => {
  it('give date fields the day and datetime fields the moment of the wall clock, and nothing else', () => {
    const fields = {
      signDay: { type: 'date', default: '$now' },
      paidAt: { type: 'datetime', default: '$now' },
      remark: { type: 'string', default: '$now' },
      due: { type: 'date', default: '2026-12-01' },
      plain: { type: 'datetime' },
    };
    expect(nowDefaults(fields, '2026-11-26 21:05:09')).toEqual({ signDay: '2026-11-26', paidAt: '2026-11-26 21:05:09' });
  });
});
