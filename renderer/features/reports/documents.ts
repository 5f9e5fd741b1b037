// A figure's documents, as the Reports screen hands them to its dialog.
export interface DocumentList {
  title: string;
  kind: 'invoice' | 'expense';
  ids: number[];
}
