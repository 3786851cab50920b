/**
 * The page `npm run bench:form` opens: `?impl=ours` renders the product's EntityForm for an N-field entity,
 * `?impl=stock` a stock @rjsf/antd Form of the same JSON Schema holding its data in state the usual way. The page
 * times each keystroke from the key press (the `keydown` event's timestamp, taken when the browser received the key,
 * so time spent waiting behind earlier work counts) until React has committed and the browser has laid the page out
 * (a forced layout in a task queued behind the `input` event), and the mount until the last field's label is on
 * screen. `?impl=html` is the floor: the same labels and inputs as bare, uncontrolled HTML in a `<form>`, no framework
 * at all — what the browser itself spends per keystroke on a page of this many inputs. `fromInput` keeps the older
 * measure, from the `input` event's dispatch, which misses that wait.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Form } from '@rjsf/antd';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_OPTIONS, CUSTOM_FORMATS, entityWriteSchema } from '../../src/contracts/index.ts';
import { ServicesProvider, type Services } from '../../src/engine/services.tsx';
import { allowAll } from '../../src/providers/access.ts';
import { createStaticDictProvider } from '../../src/providers/dicts.ts';
import type { DataProvider } from '../../src/providers/data.ts';
import type { FileProvider } from '../../src/providers/files.ts';
import type { LookupProvider } from '../../src/providers/lookups.ts';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import { BENCH_DICT, BENCH_DICT_ITEMS, benchEntity, fieldLabel } from './bench-entity.ts';

declare global {
  interface Window {
    __bench: { ready: boolean; mountMs: number; samples: number[]; fromInput: number[] };
  }
}

const params = new URLSearchParams(location.search);
const impl = params.get('impl') === 'stock' || params.get('impl') === 'html' ? params.get('impl') : 'ours';
const count = Number(params.get('fields') ?? 200);
const entity = benchEntity(count);
window.__bench = { ready: false, mountMs: 0, samples: [], fromInput: [] };

/** Nothing in this page talks to a server: any call is a benchmark bug and fails loudly. */
const offline = new Proxy({}, {
  get: () => () => Promise.reject(new Error('the form benchmark has no server')),
});
const services: Services = {
  data: offline as DataProvider,
  files: offline as FileProvider,
  dicts: createStaticDictProvider({ [BENCH_DICT]: BENCH_DICT_ITEMS }),
  access: allowAll,
  lookups: offline as LookupProvider,
};

const stockValidator = customizeValidator({ customFormats: CUSTOM_FORMATS, ajvOptionsOverrides: AJV_OPTIONS });
const stockSchema = entityWriteSchema(entity);

function StockForm() {
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const strategy = params.get('strategy') === 'shallow' ? 'shallow' : undefined;
  return (
    <Form
      schema={stockSchema}
      validator={stockValidator}
      formData={formData}
      onChange={(event) => setFormData(event.formData ?? {})}
      experimental_componentUpdateStrategy={strategy}
    />
  );
}

function OursForm() {
  return (
    <ServicesProvider services={services}>
      <EntityForm entity={entity} mode="add" open onClose={() => undefined} onSaved={() => undefined} />
    </ServicesProvider>
  );
}

let pressedAt = Number.NaN;
window.addEventListener('keydown', (event) => void (pressedAt = event.timeStamp), true);
window.addEventListener(
  'input',
  () => {
    const start = performance.now();
    const pressed = Number.isFinite(pressedAt) && pressedAt <= start ? pressedAt : start;
    pressedAt = Number.NaN;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      void document.body.offsetHeight;
      const end = performance.now();
      window.__bench.samples.push(end - pressed);
      window.__bench.fromInput.push(end - start);
    };
    channel.port2.postMessage(null);
  },
  true,
);

/** Bare inputs with their labels, built without React. */
function renderHtmlForm(root: HTMLElement) {
  const form = document.createElement('form');
  for (let index = 0; index < count; index++) {
    const row = document.createElement('div');
    const label = document.createElement('label');
    label.htmlFor = `html_${index}`;
    label.textContent = fieldLabel(index);
    const input = document.createElement('input');
    input.id = label.htmlFor;
    input.name = label.htmlFor;
    row.append(label, input);
    form.append(row);
  }
  root.append(form);
}

const lastLabel = fieldLabel(count - 1);
const mountStart = performance.now();
const rootElement = document.getElementById('root')!;
if (impl === 'html') renderHtmlForm(rootElement);
else createRoot(rootElement).render(impl === 'stock' ? <StockForm /> : <OursForm />);
function waitForLastField() {
  const labels = document.querySelectorAll('label');
  if ([...labels].some((label) => label.textContent?.includes(lastLabel))) {
    window.__bench.mountMs = performance.now() - mountStart;
    window.__bench.ready = true;
  } else {
    requestAnimationFrame(waitForLastField);
  }
}
requestAnimationFrame(waitForLastField);
