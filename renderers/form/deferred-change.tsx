/**
 * Keystrokes that repaint only their own field. rjsf applies every change to the whole form: it copies the data,
 * re-derives defaults for every field and re-renders every field, which in a 200-field form costs several times a
 * frame. A text widget wrapped here shows what is typed from its own state at once and hands the value to rjsf once
 * typing pauses (IDLE_MS without a keystroke, at the latest MAX_WAIT_MS after the first waiting one) or the field
 * loses focus — the latest value per field, so a burst of typing costs one form update, as uncontrolled inputs in
 * react-hook-form do. Anything that reads the form's data — submit, an assist, a patch — flushes the waiting values
 * first, so nothing ever sees less than what is on screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** What the form's formContext carries for wrapped widgets. */
export interface DeferredChanges {
  /** Queues `apply` as the field's latest change (replacing one still waiting) and schedules a flush. */
  defer(fieldId: string, value: unknown, apply: () => void): void;
  /** The values still waiting, by field id. */
  waiting(): ReadonlyMap<string, unknown>;
  /** Applies every waiting change now. */
  flush(): void;
}

/** A pause in typing this long hands the waiting values to the form. */
export const IDLE_MS = 250;
/** Continuous typing still reaches the form this often (dependent fields, live validation). */
export const MAX_WAIT_MS = 1500;

/** The queue of one form: one pending flush at a time, the newest change per field. */
export function useDeferredChanges(): DeferredChanges {
  const waiting = useRef(new Map<string, { value: unknown; apply: () => void }>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // When the oldest waiting change was typed (NaN when nothing waits).
  const since = useRef(Number.NaN);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    since.current = Number.NaN;
    const changes = [...waiting.current.values()];
    waiting.current.clear();
    for (const change of changes) change.apply();
  }, []);
  const defer = useCallback(
    (fieldId: string, value: unknown, apply: () => void) => {
      waiting.current.set(fieldId, { value, apply });
      const now = Date.now();
      if (Number.isNaN(since.current)) since.current = now;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, Math.max(0, Math.min(IDLE_MS, since.current + MAX_WAIT_MS - now)));
    },
    [flush],
  );
  // An unmounted form takes no more changes.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      waiting.current.clear();
    },
    [],
  );
  const [queue] = useState<DeferredChanges>(() => ({
    defer,
    flush,
    waiting: () => new Map([...waiting.current].map(([id, change]) => [id, change.value])),
  }));
  return queue;
}

interface Shown {
  value: unknown;
  /** The form's value the shown one was last reconciled with. */
  from: unknown;
}

/**
 * `Widget` typing into its own state; its changes reach rjsf through the form's `deferredChanges` queue. Without
 * a queue in the formContext (another form) it is the plain widget.
 */
export function withDeferredChange(Widget: ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  function DeferredWidget(props: WidgetProps) {
    const queue = (props.registry.formContext as { deferredChanges?: DeferredChanges } | undefined)?.deferredChanges;
    const [shown, setShown] = useState<Shown>({ value: props.value, from: props.value });
    // Whether a change typed here has not reached rjsf yet.
    const waiting = useRef(false);
    let value = shown.value;
    if (!Object.is(props.value, shown.from)) {
      // The form's value moved: it took our change, or something else set it. A change still waiting wins, since
      // it is newer than anything the form holds and is about to be applied.
      value = waiting.current ? shown.value : props.value;
      setShown({ value, from: props.value });
    }
    const { id, onChange } = props;
    const deferredOnChange = useCallback(
      (next: unknown) => {
        if (!queue) return onChange(next);
        waiting.current = true;
        setShown((current) => ({ value: next, from: current.from }));
        queue.defer(id, next, () => {
          waiting.current = false;
          onChange(next);
        });
      },
      [queue, id, onChange],
    );
    const { onBlur } = props;
    // Leaving the field hands its value over at once: the next field may depend on it.
    const flushingOnBlur = useCallback(
      (fieldId: string, next: unknown) => {
        queue?.flush();
        onBlur(fieldId, next);
      },
      [queue, onBlur],
    );
    if (!queue) return <Widget {...props} />;
    return <Widget {...props} value={value} onChange={deferredOnChange} onBlur={flushingOnBlur} />;
  }
  DeferredWidget.displayName = `Deferred(${Widget.displayName ?? Widget.name})`;
  return DeferredWidget;
}
