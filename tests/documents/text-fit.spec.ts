// Client text that would not fit: long unbroken tokens and descriptions longer than a page.
import { expect, test } from '@playwright/test';
import { breakLongWords, breakWideWords, chunkBlocks } from '../../electron/documents/text-fit';
import { textWidth } from '../../electron/documents/text-measure';

const ZWSP = '\u200b';

test('long tokens get break opportunities; ordinary words, e-mails and IBANs stay intact', () => {
  expect(breakLongWords('szamlazas@kovari-fuzos.hu HU42 1177 3016', 28)).toBe('szamlazas@kovari-fuzos.hu HU42 1177 3016');
  expect(breakLongWords('a'.repeat(10), 4)).toBe(['aaaa', 'aaaa', 'aa'].join(ZWSP));
  expect(breakLongWords(`x ${'ő'.repeat(9)} y`, 4).split(ZWSP)).toHaveLength(3);
});

test('tokens are cut by their measured width: 40 "W" are, 40 "i" of about the same count are not', () => {
  const ws = breakWideWords('W'.repeat(40), 150, 8).split(ZWSP);
  expect(ws.length).toBeGreaterThan(1);
  expect(ws.join('')).toBe('W'.repeat(40));
  for (const piece of ws) expect(textWidth(piece, 8)).toBeLessThanOrEqual(150);
  expect(breakWideWords('i'.repeat(40), 150, 8)).toBe('i'.repeat(40));
  expect(breakWideWords('Tanácsadás szamlazas@kovari-fuzos.hu', 150, 8)).toBe('Tanácsadás szamlazas@kovari-fuzos.hu');
  // a wider font size cuts sooner
  expect(breakWideWords('M'.repeat(30), 150, 16).split(ZWSP).length).toBeGreaterThan(breakWideWords('M'.repeat(30), 150, 8).split(ZWSP).length);
});

test('a short cell stays one row with its blocks', () => {
  const style = { italics: true };
  const chunks = chunkBlocks(
    [
      { text: 'Webfejlesztés', style: {} },
      { text: 'Tárgyi adómentes', style },
    ],
    150,
  );
  expect(chunks).toEqual([[{ text: 'Webfejlesztés', style: {} }, { text: 'Tárgyi adómentes', style }]]);
});

test('a long cell is cut into row-sized chunks at word boundaries, keeping every word and line break', () => {
  const text = Array.from({ length: 40 }, (_, i) => `Bekezdés ${i}: ${'szó '.repeat(60).trim()}`).join('\n');
  const chunks = chunkBlocks([{ text, style: {} }, { text: 'megjegyzés', style: { fontSize: 7 } }], 150);
  expect(chunks.length).toBeGreaterThan(5);
  for (const chunk of chunks) {
    const chars = chunk.reduce((n, b) => n + b.text.length, 0);
    expect(chars).toBeLessThanOrEqual(28 * 30 + 30);
  }
  const rejoined = chunks.flat().filter((b) => !b.style.fontSize).map((b) => b.text).join('\n');
  expect(rejoined).toBe(text);
  expect(chunks.at(-1)!.at(-1)).toEqual({ text: 'megjegyzés', style: { fontSize: 7 } });
});
