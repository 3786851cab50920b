/**
 * Form assists (schema `form.assists`): buttons under a field that send some of the form's values to an endpoint
 * of the entity and put what comes back into the form — e.g. 解析SQL reads a report's SQL and fills its columns.
 * Only properties of the result that are form fields are taken; the endpoint checks its own permission.
 */
import { useState } from 'react';
import { App, Button, Space } from 'antd';
import type { EntitySchema, FormAssist } from '../../src/contracts/index.ts';
import { writableFields } from '../../src/contracts/index.ts';
import { useServices } from '../../src/engine/services.tsx';
import { toastFailure } from '../../src/http/errors.ts';
import type { FormValuesAccess } from './FormFields.tsx';

export function assistsOf(entity: EntitySchema | undefined, field: string): FormAssist[] {
  return entity?.form.assists?.filter((assist) => assist.field === field) ?? [];
}

export function AssistButtons({ entity, assists, form }: { entity: EntitySchema; assists: FormAssist[]; form: Partial<FormValuesAccess> }) {
  const { endpoints } = useServices();
  const { message } = App.useApp();
  const [running, setRunning] = useState<string>();

  async function run(assist: FormAssist) {
    if (!endpoints || !form.getValues || !form.patchValues) return;
    const values = form.getValues();
    const names = assist.send ?? Object.keys(values);
    const body = Object.fromEntries(names.filter((name) => values[name] !== undefined).map((name) => [name, values[name]]));
    setRunning(assist.endpoint);
    try {
      const { result, message: said } = await endpoints.post<Record<string, unknown> | null>(`${entity.api}/${assist.endpoint}`, body);
      const writable = new Set(writableFields(entity));
      const patch = Object.fromEntries(Object.entries(result ?? {}).filter(([name]) => writable.has(name)));
      form.patchValues(patch);
      if (said) message.success(said);
    } catch (error: unknown) {
      toastFailure(message, error);
    } finally {
      setRunning(undefined);
    }
  }

  return (
    <Space style={{ marginBottom: 16 }}>
      {assists.map((assist) => (
        <Button key={assist.endpoint} size="small" loading={running === assist.endpoint} onClick={() => void run(assist)}>
          {assist.label}
        </Button>
      ))}
    </Space>
  );
}
