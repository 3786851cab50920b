/**
 * Lays the entity's fields out on an antd grid of 1–4 columns, with long text (textareas) across the full width,
 * and optionally in titled groups or tabs (`form.groups` / `form.tabs`). Replaces rjsf-antd's template, which
 * draws a bordered fieldset and a title. Every tab stays mounted, so rjsf validates and marks fields on tabs the
 * user has not opened; after a failed submit the first tab holding an error comes forward and erring tabs are
 * marked.
 */
import { memo, useEffect, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Col, Divider, Row, Tabs } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { deepEquals } from '@rjsf/utils';
import type { ErrorSchema, FieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';
import { Templates as AntdTemplates } from '@rjsf/antd';
import type { EntitySchema, FormPart } from '../../src/contracts/index.ts';
import type { FormValuesAccess } from './FormFields.tsx';
import { AssistButtons, assistsOf } from './FormAssists.tsx';

export type FormColumns = 1 | 2 | 3 | 4;

export interface GridFormContext {
  colon: boolean;
  columns: FormColumns;
  /** Fields that always take a whole row. */
  wideFields: string[];
  /** Titled sections, drawn as headed groups or as tabs. */
  parts?: { kind: 'groups' | 'tabs'; list: FormPart[] };
  /** The entity whose form this is (its assists sit under their fields). */
  entity?: EntitySchema;
}

type Property = ObjectFieldTemplateProps['properties'][number];

function hasErrors(errors: ErrorSchema | undefined, field: string): boolean {
  const own = (errors as Record<string, { __errors?: string[] } | undefined> | undefined)?.[field];
  return !!own?.__errors && own.__errors.length > 0;
}

/** The parts to draw, with the fields no part names first under an empty title. */
export function layoutParts(fields: string[], parts: FormPart[] | undefined): FormPart[] {
  const named = new Set((parts ?? []).flatMap((part) => part.fields));
  const loose = fields.filter((field) => !named.has(field));
  return [...(loose.length > 0 || !parts ? [{ title: '', fields: loose }] : []), ...(parts ?? [])];
}

/**
 * One grid cell. A keystroke re-renders the object template, and 200 antd `Col`s (each running its css-in-js
 * hooks) cost far more than the one field that changed; a cell whose field element carries the same props is
 * skipped. Props are compared the way rjsf's own SchemaField memo compares them (deep, functions equal), so
 * this skips exactly what rjsf would skip one level further down.
 */
const FieldCell = memo(
  function FieldCell(props: { span: number; content: ReactElement }) {
    return <Col span={props.span}>{props.content}</Col>;
  },
  (before, after) => before.span === after.span && deepEquals(before.content.props, after.content.props),
);

export function GridObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const context = props.registry.formContext as Partial<GridFormContext> | undefined;
  const columns = context?.columns ?? 1;
  const wide = new Set(context?.wideFields ?? []);
  const visible = props.properties.filter((property) => !property.hidden);
  const byName = new Map(visible.map((property) => [property.name, property]));
  const grid = (list: Property[]): ReactNode => (
    <Row gutter={24}>
      {list.map((property) => (
        <FieldCell key={property.name} span={wide.has(property.name) ? 24 : 24 / columns} content={property.content} />
      ))}
    </Row>
  );
  const pick = (names: string[]) => names.map((name) => byName.get(name)).filter((p): p is Property => !!p);

  const declared = context?.parts;
  // Only the root object is laid out in parts; nested objects (none today) would get a plain grid.
  const isRoot = props.fieldPathId?.$id === 'root' || props.fieldPathId?.$id === undefined;
  if (!declared || !isRoot) return grid(visible);

  const parts = layoutParts(
    visible.map((p) => p.name),
    declared.list,
  );
  const [loose, ...titled] = parts[0]?.title === '' ? parts : [undefined, ...parts];
  return (
    <>
      {loose && loose.fields.length > 0 ? grid(pick(loose.fields)) : null}
      {declared.kind === 'tabs' ? (
        <FormTabs parts={titled.filter((p): p is FormPart => !!p)} errors={props.errorSchema} render={(part) => grid(pick(part.fields))} />
      ) : (
        titled.map((part) =>
          part ? (
            <section key={part.title} aria-label={part.title}>
              <Divider titlePlacement="start" style={{ marginTop: 4 }}>
                {part.title}
              </Divider>
              {grid(pick(part.fields))}
            </section>
          ) : null,
        )
      )}
    </>
  );
}

function FormTabs(props: { parts: FormPart[]; errors: ErrorSchema | undefined; render: (part: FormPart) => ReactNode }) {
  const [active, setActive] = useState(props.parts[0]?.title ?? '');
  const erring = props.parts.filter((part) => part.fields.some((field) => hasErrors(props.errors, field))).map((part) => part.title);
  const erringKey = erring.join('\n');
  useEffect(() => {
    // New errors and none on the open tab: bring the first tab with an error forward.
    if (erring.length > 0 && !erring.includes(active)) setActive(erring[0]);
    // erringKey stands for `erring`, whose identity changes every render.
  }, [erringKey]);
  return (
    <Tabs
      activeKey={active}
      onChange={setActive}
      items={props.parts.map((part) => ({
        key: part.title,
        forceRender: true,
        label: erring.includes(part.title) ? (
          <span style={{ color: '#ff4d4f' }}>
            {part.title} <ExclamationCircleFilled aria-label="有错误" />
          </span>
        ) : (
          part.title
        ),
        children: props.render(part),
      }))}
    />
  );
}

const AntdFieldTemplate = AntdTemplates.FieldTemplate!;

/**
 * rjsf-antd wraps every field, the root object included, in an antd Form.Item. The root's Form.Item re-renders on
 * every keystroke and hands a fresh status context to all the Form.Items inside it, so all of them re-render too;
 * the root needs no label or help of its own, so it is drawn bare.
 */
export function EntityFieldTemplate(props: FieldTemplateProps) {
  if (props.id === 'root') return <>{props.children}</>;
  const context = props.registry.formContext as (Partial<GridFormContext> & Partial<FormValuesAccess>) | undefined;
  const assists = assistsOf(context?.entity, props.id.replace(/^root_/, ''));
  if (assists.length === 0 || !context?.entity) return <AntdFieldTemplate {...props} />;
  return (
    <>
      <AntdFieldTemplate {...props} />
      <AssistButtons entity={context.entity} assists={assists} form={context} />
    </>
  );
}
