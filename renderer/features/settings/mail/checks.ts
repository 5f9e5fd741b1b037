// The same rules the server applies (shared/contract/areas/mail.ts), checked as the user types only to take a
// field's error away once the value is right; the server stays the judge on save.

// one address: no spaces or list separators, a dot in the domain (the contract's isMailAddress)
const ADDRESS_RE = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
const HOST_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]+\]?$/;

export const isMailAddress = (s: string): boolean => ADDRESS_RE.test(s.trim());

/** "a@x.hu, b@y.hu; c@z.hu" → the addresses. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

export const validAddressList = (text: string, required: boolean): boolean => {
  const list = splitAddresses(text);
  return (!required || list.length > 0) && list.every(isMailAddress);
};

export const validHost = (s: string): boolean => s.trim() !== '' && HOST_RE.test(s.trim());

export const validPort = (s: string): boolean => /^\d{1,5}$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= 65535;
