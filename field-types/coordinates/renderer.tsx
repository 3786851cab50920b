/** `coordinates` in forms: longitude and latitude as two number inputs, stored as `lng,lat`. */
import { useEffect, useState } from 'react';
import { InputNumber, Space } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { FieldTypeRenderer } from '../renderer-part.ts';
import { formatCoordinates, parseCoordinates } from './contract.ts';

const FULL_WIDTH = { width: '100%' } as const;
const HALF_WIDTH = { width: '50%' } as const;

function CoordinatesWidget(props: WidgetProps) {
  const parsed = typeof props.value === 'string' ? parseCoordinates(props.value) : undefined;
  const [lng, setLng] = useState<number | undefined>(parsed?.lng);
  const [lat, setLat] = useState<number | undefined>(parsed?.lat);
  useEffect(() => {
    const next = typeof props.value === 'string' ? parseCoordinates(props.value) : undefined;
    if (next) {
      setLng(next.lng);
      setLat(next.lat);
    }
  }, [props.value]);
  const update = (nextLng: number | undefined, nextLat: number | undefined) => {
    setLng(nextLng);
    setLat(nextLat);
    props.onChange(formatCoordinates(nextLng, nextLat));
  };
  const disabled = props.disabled || props.readonly;
  const axis = (label: string, limit: number, value: number | undefined, set: (next: number | undefined) => void, id?: string) => (
    <InputNumber<number>
      id={id}
      aria-label={label}
      placeholder={label}
      min={-limit}
      max={limit}
      value={value ?? null}
      disabled={disabled}
      style={HALF_WIDTH}
      onChange={(next) => set(next ?? undefined)}
    />
  );
  return (
    <Space.Compact style={FULL_WIDTH}>
      {axis('经度', 180, lng, (next) => update(next, lat), props.id)}
      {axis('纬度', 90, lat, (next) => update(lng, next))}
    </Space.Compact>
  );
}

export const coordinatesRenderer: FieldTypeRenderer = {
  formUi: () => ({ 'ui:widget': 'CoordinatesWidget' }),
  widgets: { CoordinatesWidget },
};
