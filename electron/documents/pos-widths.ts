// The receipt rolls' widths, apart from the receipt's layout (pos.ts): the HTTP door checks a requested width with
// them and loads the PDF engine only when a receipt is actually asked for.
export const POS_WIDTHS_MM = [58, 80] as const;
export type PosWidth = (typeof POS_WIDTHS_MM)[number];
