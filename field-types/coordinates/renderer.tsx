/** `coordinates` in forms: longitude and latitude as two number inputs, stored as `lng,lat`. */
import { useEffect, useState } from 'react';
import { InputNumber, Space } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { FieldTypeRenderer } from '../renderer-part.ts';
import { formatCoordinates, parseCoordinates } from './contract.ts';

const FULL_WIDTH = { width: '100%' } as const;

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
  return (
    <Space.Compact style={FULL_WIDTH}>
      <InputNumber<number>
        id={props.id}
        aria-label="经度"
        placeholder="经度"
        min={-180}
        max={180}
        value={lng ?? null}
        disabled={disabled}
        style={{ width: '50%' }}
        onChange={(value) => update(value ?? undefined, lat)}
      />
      <InputNumber<number>
        aria-label="纬度"
        placeholder="纬度"
        min={-90}
        max={90}
        value={lat ?? null}
        disabled={disabled}
        style={{ width: '50%' }}
        onChange={(value) => update(lng, value ?? undefined)}
      />
    </Space.Compact>
  );
}

export const coordinatesRenderer: FieldTypeRenderer = {
  formUi: () => ({ 'ui:widget': 'CoordinatesWidget' }),
  widgets: { CoordinatesWidget },
};
