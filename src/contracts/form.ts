/** The add/edit form section of an entity schema (see entity.ts): layout, assists and preview. */

/** A titled part of a form: a group (section heading) or a tab. */
export interface FormPart {
  title: string;
  /** Fields of this part, each also listed in `form.fields`. */
  fields: string[];
}

export interface FormSection {
  /** Field order in the form; every field listed here is editable unless readOnly. */
  fields: string[];
  /** 1 to 4 columns of inputs (long text always spans the row). */
  columns?: 1 | 2 | 3 | 4;
  /** Modal width in pixels. */
  width?: number;
  /** `modal` (default) opens add/edit in a dialog; `page` replaces the list with a full-width form in the same tab. */
  mode?: 'modal' | 'page';
  /** Titled sections, top to bottom. Fields of `fields` that no group lists come first, untitled. */
  groups?: FormPart[];
  /** Tabs of fields (instead of groups). Fields that no tab lists come first, above the tabs. */
  tabs?: FormPart[];
  /** Buttons under a field that ask the server to work something out from the form and fill fields with it. */
  assists?: FormAssist[];
  /** A registered node shown under the form with the values typed so far (e.g. a report's live preview). */
  preview?: FormPreview;
}

/**
 * A form assist: POSTs the `send` fields' current values to `<api>/<endpoint>`; each property of the `result` that
 * is a form field replaces that field's value. The endpoint checks its own permission like any other.
 */
export interface FormAssist {
  /** Button text, e.g. 解析SQL. */
  label: string;
  /** The field the button sits under. */
  field: string;
  /** Path under the entity's api, e.g. parseSql. */
  endpoint: string;
  /** Fields whose values are sent (default: all). */
  send?: string[];
}

export interface FormPreview {
  /** Registered node type; it receives `values` (the form's values when 预览 was pressed) and `entity`. */
  node: string;
  /** Button text (default 预览). */
  label?: string;
  props?: Record<string, unknown>;
}
