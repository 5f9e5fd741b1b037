// One choice of a SelectInput. A plain module (not inside the component) so lib/ code that builds option lists can
// use the type without importing a .svelte file, and runs under Node in unit tests.
export interface Option {
  value: string;
  label: string;
  group?: string;
}
