// The accountant package cut to the size mail servers take. Most refuse a message over about 25 MB (Gmail and many
// hosting providers at 25 MB, Microsoft 365 by default at 35 MB on the wire), and an attachment travels in base64,
// 4/3 of its bytes. So a message is kept under MAIL_MESSAGE_LIMIT_BYTES on the wire, and a package larger than what
// fits goes as several messages, each carrying a part that is a complete ZIP of its own (zip-split.ts): part 1 the
// summary, the VAT analysis and the CSV tables, the others the documents in archive order.
import { basename, join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { listZip, writeZipPart, zipSize, type ZipSpan } from '../zip-split';

/** 20 MB per message on the wire: below the common 25 MB limit with room for the headers and the text. */
export const MAIL_MESSAGE_LIMIT_BYTES = 20_000_000;
/** the text, the headers and base64's line breaks (76 characters + CRLF) beside the attachment */
const MESSAGE_OVERHEAD_BYTES = 100_000;
/** the largest ZIP one message carries: base64 makes 3 bytes into 4 characters (plus a line break every 76) */
export const ZIP_PART_BYTES = Math.floor(((MAIL_MESSAGE_LIMIT_BYTES - MESSAGE_OVERHEAD_BYTES) * 3 * 76) / (4 * 78));
/**
 * At most this many messages for one package (~290 MB): a year of a busy business is better downloaded, or copied
 * to the backup folder, than sent as dozens of mails that also sit in the database until they are delivered.
 */
export const MAX_MAIL_PARTS = 20;

export interface MailPart {
  /** the ZIP on disk */
  path: string;
  /** its name in the message */
  name: string;
  /** the names of the files inside */
  files: string[];
  bytes: number;
}

/** Part 1's files: the summary and the VAT analysis at the top of the archive, and the CSV tables. */
function firstPart(name: string): boolean {
  return !name.includes('/') || name.startsWith('csv/');
}

/**
 * Groups the archive's entries into parts of at most `budget` bytes each (as ZIPs). A single file larger than the
 * budget goes alone in its part: it cannot be cut, and the mail server then says whether it takes it.
 */
export function planParts(entries: ZipSpan[], budget: number): ZipSpan[][] {
  const parts: ZipSpan[][] = [entries.filter((e) => firstPart(e.name))];
  for (const entry of entries.filter((e) => !firstPart(e.name))) {
    const last = parts[parts.length - 1]!;
    if (last.length > 0 && zipSize([...last, entry]) > budget) parts.push([entry]);
    else last.push(entry);
  }
  return parts;
}

/**
 * The package as the messages carry it: the ZIP itself when it fits one message, else parts written beside it,
 * named "<package>_1-3.zip" (part 1 of 3). Throws when it would take more than MAX_MAIL_PARTS messages.
 */
export async function mailParts(zip: string, workDir: string, budget: number = ZIP_PART_BYTES): Promise<MailPart[]> {
  const listing = await listZip(zip);
  const whole = zipSize(listing.entries);
  if (whole <= budget) return [{ path: zip, name: basename(zip), files: listing.entries.map((e) => e.name), bytes: whole }];
  const groups = planParts(listing.entries, budget);
  if (groups.length > MAX_MAIL_PARTS) {
    throw new Error(
      `The package is ${Math.round(whole / 1_000_000)} MB: more than ${MAX_MAIL_PARTS} messages by e-mail. Download it (or keep it in the backup folder) and hand it over another way, or send a shorter period.`,
    );
  }
  mkdirSync(workDir, { recursive: true });
  const stem = basename(zip).replace(/\.zip$/i, '');
  const parts: MailPart[] = [];
  for (const [i, group] of groups.entries()) {
    const name = `${stem}_${i + 1}-${groups.length}.zip`;
    const path = join(workDir, name);
    const bytes = await writeZipPart(zip, group, path);
    parts.push({ path, name, files: group.map((e) => e.name), bytes });
  }
  return parts;
}
