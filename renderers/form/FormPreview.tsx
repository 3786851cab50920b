/**
 * A form's preview (schema `form.preview`): a registered node shown under the form with the values typed so far,
 * taken when 预览 is pressed (not on every keystroke: a preview may ask the server, as a report's does).
 */
import { useState } from 'react';
import { Button, Divider } from 'antd';
import type { EntitySchema, FormPreview } from '../../src/contracts/index.ts';
import { RenderNode } from '../../src/engine/render-node.tsx';

/** What a preview node receives. */
export interface FormPreviewProps {
  entity: EntitySchema;
  values: Record<string, unknown>;
  [setting: string]: unknown;
}

export function FormPreviewSection({ entity, preview, values }: { entity: EntitySchema; preview: FormPreview; values: () => Record<string, unknown> }) {
  const label = preview.label ?? '预览';
  const [shown, setShown] = useState<{ values: Record<string, unknown>; run: number }>();
  return (
    <section aria-label={label}>
      <Divider titlePlacement="start">{label}</Divider>
      <Button onClick={() => setShown((before) => ({ values: { ...values() }, run: (before?.run ?? 0) + 1 }))}>
        {shown ? `刷新${label}` : label}
      </Button>
      {shown && (
        <div style={{ marginTop: 12 }}>
          <RenderNode<FormPreviewProps> key={shown.run} type={preview.node} props={{ ...preview.props, entity, values: shown.values }} />
        </div>
      )}
    </section>
  );
}
