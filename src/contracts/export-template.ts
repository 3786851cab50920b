/**
 * A fixed spreadsheet layout for an entity's export (schema `export.template`), for files an outside office reads by
 * position — e.g. 税务申报's declaration sheet — rather than the list's columns.
 */

/** One column of a fixed export layout: a declared field as the list shows it, or a fixed value ($rowNumber: 1, 2, …). */
export interface ExportTemplateColumn {
  header: string;
  field?: string;
  value?: string;
}

export interface ExportTemplate {
  sheet?: string;
  filename?: string;
  columns: ExportTemplateColumn[];
}
