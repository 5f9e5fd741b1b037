// A figure's documents, as the Reports screen hands them to its dialog.
export interface DocumentList {
  title: string;
  kind: 'invoice' | 'expense';
  /** the ids, or how to read them when the dialog opens (a revenue figure's: reports.revenueDocuments) */
  ids: number[] | (() => Promise<number[]>);
}
