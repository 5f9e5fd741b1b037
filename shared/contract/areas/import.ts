// Operations of the import area: importing clients and products from CSV.

export const importOperations = {
} as const;
