import { readFile } from 'node:fs/promises';

/**
 * The recognizer's class labels: index 0 is the CTC blank, 1..n the dictionary lines, then a space (PaddleOCR's
 * use_space_char) — 6625 classes for ppocr_keys_v1.txt.
 */
export async function loadDictionary(dictionaryPath: string): Promise<string[]> {
  const text = await readFile(dictionaryPath, 'utf8');
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return ['', ...lines, ' '];
}
