// Operations of the data area: backups, restore and exports for the accountant.

export const dataOperations = {
} as const;
