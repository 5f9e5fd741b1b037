// A statement file's bytes → text. UTF-8 (with or without BOM) when the bytes are valid UTF-8; otherwise one of the
// two code pages Hungarian banks' older exports use: Windows-1250 (Windows programs) or CP852 (the DOS code page some
// MT940 writers still use). Which one is decided by the Hungarian letters each reading gives: a CP852 file read as
// Windows-1250 turns "á é ő ű" into box-drawing characters and symbols, and the other way round.
import iconv from 'iconv-lite';
import { decode as decodeKnown, detectEncoding } from '../../import/csv-read';

export type StatementEncoding = 'utf-8' | 'windows-1250' | 'cp852';

const HUNGARIAN = /[áéíóöőúüűÁÉÍÓÖŐÚÜŰ]/g;

export function detectStatementEncoding(bytes: Uint8Array): StatementEncoding {
  if (detectEncoding(bytes) === 'utf-8') return 'utf-8';
  const sample = Buffer.from(bytes.subarray(0, 64 * 1024));
  const score = (text: string) => (text.match(HUNGARIAN) ?? []).length;
  return score(iconv.decode(sample, 'cp852')) > score(iconv.decode(sample, 'win1250')) ? 'cp852' : 'windows-1250';
}

export function decodeStatement(bytes: Uint8Array, encoding: StatementEncoding): string {
  if (encoding === 'cp852') return iconv.decode(Buffer.from(bytes), 'cp852');
  return decodeKnown(bytes, encoding);
}
