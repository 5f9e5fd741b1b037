// Header words compared without case, accents and punctuation: "Könyvelés dátuma" = "konyveles datuma".
export function normalizedHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
