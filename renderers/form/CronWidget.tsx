/**
 * rjsf widget for string fields with `widget: "cron"`: a text input for a Quartz cron expression that asks the
 * server (`<api>/cronPreview`) 500 ms after typing stops and shows the next run times, or why the expression is
 * not valid. The server's answer is the truth: the same code validates the expression on save and schedules it.
 */
import { useEffect, useRef, useState } from 'react';
import { Input, Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useServices } from '../../src/engine/services.tsx';

export const CRON_PREVIEW_DEBOUNCE_MS = 500;
export const CRON_PREVIEW_COUNT = 5;

type PreviewState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'times'; times: string[] } | { kind: 'error'; message: string };

export function CronWidget(props: WidgetProps) {
  const { lookups } = useServices();
  const api = typeof props.options.api === 'string' ? props.options.api : '';
  const value = typeof props.value === 'string' ? props.value : '';
  const [preview, setPreview] = useState<PreviewState>({ kind: 'idle' });
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    if (value.trim() === '' || !api) {
      setPreview({ kind: 'idle' });
      return;
    }
    setPreview({ kind: 'loading' });
    const timer = setTimeout(() => {
      lookups.cronPreview(api, value.trim(), CRON_PREVIEW_COUNT).then((answer) => {
        // Only the answer to the latest text counts: an older, slower one must not overwrite it.
        if (request !== latest.current) return;
        setPreview('times' in answer ? { kind: 'times', times: answer.times } : { kind: 'error', message: answer.error });
      });
    }, CRON_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, api, lookups]);

  const previewId = `${props.id}-cron-preview`;
  return (
    <div>
      <Input
        id={props.id}
        value={value}
        placeholder={props.placeholder}
        disabled={props.disabled || props.readonly}
        aria-describedby={previewId}
        style={{ fontFamily: 'monospace' }}
        onChange={(event) => props.onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      <div id={previewId} aria-live="polite" style={{ marginTop: 4, fontSize: 12 }}>
        {preview.kind === 'loading' && <Spin size="small" />}
        {preview.kind === 'error' && (
          <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
            {preview.message}
          </div>
        )}
        {preview.kind === 'times' && (
          <div>
            <div style={{ color: 'var(--ant-color-text-secondary, rgba(0,0,0,0.45))' }}>最近{preview.times.length}次执行时间：</div>
            <ol aria-label="最近执行时间" style={{ margin: 0, paddingLeft: 20 }}>
              {preview.times.map((time) => (
                <li key={time}>{time}</li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </div>
  );
}
