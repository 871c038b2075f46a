/**
 * File names are metadata: they are stored with the file record and echoed in answers, never used as a path
 * (blobs are keyed by file id). Still, a name is made safe to show and log: control characters (NUL, CR/LF that
 * could forge log lines or headers) become `_`, bidirectional overrides (which make `invoice‮fdp.exe` read as
 * `invoiceexe.pdf`) are dropped, and the length is bounded, keeping the extension.
 */
export const MAX_FILENAME_LENGTH = 255;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** At most `max` UTF-16 code units, never splitting a character. */
function truncate(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

export function safeFilename(name: string, fallback = 'upload'): string {
  const clean = name.replace(CONTROL, '_').replace(BIDI_CONTROLS, '').trim();
  if (!clean) return fallback;
  if (clean.length <= MAX_FILENAME_LENGTH) return clean;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(clean)?.[0] ?? '';
  return truncate(clean.slice(0, clean.length - extension.length), MAX_FILENAME_LENGTH - extension.length) + extension;
}
