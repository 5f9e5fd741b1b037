// Takes the user to the control a field error is about: the control of that name, else one that stands for it
// (data-field: a line's price stands for the line), else the first control inside it (an address's first part).
export function focusField(path: string): void {
  const p = CSS.escape(path);
  const el = document.querySelector<HTMLElement>(`[name="${p}"], [data-field="${p}"]`) ?? document.querySelector<HTMLElement>(`[name^="${p}."]`);
  el?.focus();
  el?.scrollIntoView({ block: 'center' });
}
