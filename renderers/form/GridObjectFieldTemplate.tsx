/**
 * Lays the entity's fields out on an antd grid: two per row when the form asks for 2 columns, with long text
 * (textareas) across the full width. Replaces rjsf-antd's template, which draws a bordered fieldset and a title.
 */
import { Col, Row } from 'antd';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

export interface GridFormContext {
  colon: boolean;
  columns: 1 | 2;
  /** Fields that always take a whole row. */
  wideFields: string[];
}

export function GridObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const context = props.registry.formContext as Partial<GridFormContext> | undefined;
  const columns = context?.columns === 2 ? 2 : 1;
  const wide = new Set(context?.wideFields ?? []);
  return (
    <Row gutter={24}>
      {props.properties
        .filter((property) => !property.hidden)
        .map((property) => (
          <Col key={property.name} span={columns === 2 && !wide.has(property.name) ? 12 : 24}>
            {property.content}
          </Col>
        ))}
    </Row>
  );
}
