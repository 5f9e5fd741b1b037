// The file name of an invoice's invoiceData XML in `nav export`: `<prefix>_<number>.xml`, or `<number>.xml` in the
// block without a prefix. The number (2026-000001, D-2026-000001) never holds "_", so the last "_" splits the name
// back into prefix and number: prefixes "A.B", "A_B", "A", "A." and "A_" give five different names. A character a
// prefix may not hold (and "%") is percent-encoded, so even an odd stored prefix stays reversible and file-safe.
const PLAIN = /[\p{L}\p{N}_.-]/u;
const PLAIN_NUMBER = /^[A-Za-z0-9-]+$/;

function escapePart(text: string): string {
  return [...text].map((c) => (PLAIN.test(c) ? c : encodeURIComponent(c).replace(/[!'()*~]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`))).join('');
}

export function navExportFileName(prefix: string, invoiceNo: string): string {
  const no = PLAIN_NUMBER.test(invoiceNo) ? invoiceNo : escapePart(invoiceNo).replace(/_/g, '%5F');
  return prefix ? `${escapePart(prefix)}_${no}.xml` : `${no}.xml`;
}

/** The inverse of navExportFileName: the prefix and the number a file name stands for. */
export function parseNavExportFileName(name: string): { prefix: string; invoiceNo: string } {
  const base = name.replace(/\.xml$/, '');
  const cut = base.lastIndexOf('_');
  return cut < 0
    ? { prefix: '', invoiceNo: decodeURIComponent(base) }
    : { prefix: decodeURIComponent(base.slice(0, cut)), invoiceNo: decodeURIComponent(base.slice(cut + 1)) };
}
