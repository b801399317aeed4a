/**
 * Names inside a package that unpack on Windows, macOS and Linux alike: no character any of them
 * refuses or reads as a path, no name Windows reserves for a device, no trailing dot or space (Windows
 * drops them, so two names would meet), no control characters, and short enough that the package
 * unpacked under a folder stays within Windows' 260-character paths.
 */

/** Longest name of one file or folder, in UTF-8 bytes (255 is every file system's limit; a margin for " (2)"). */
export const MAX_NAME_BYTES = 120;

// Windows' device names: "CON", "con.txt" and "COM1.tar.gz" all open the device, not a file.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;
const LONGEST_KEPT_EXTENSION = 16;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Cuts `text` to at most `bytes` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, bytes: number): string {
  let kept = '';
  let used = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (used + size > bytes) break;
    kept += char;
    used += size;
  }
  return kept;
}

const trimEnds = (text: string) => text.replace(/^[\s]+/, '').replace(/[\s.]+$/, '');

/** `name` split at its extension: ["report", ".pdf"]; a leading dot or a long tail is no extension. */
export function splitExtension(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name.length - dot > LONGEST_KEPT_EXTENSION) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/**
 * One file or folder name made safe everywhere: unsafe characters become "_", a reserved device name
 * gets a leading "_", the name is cut (keeping its extension) to `maxBytes`; an empty result is
 * `fallback`.
 */
export function safeName(name: string, fallback: string, maxBytes = MAX_NAME_BYTES): string {
  let safe = trimEnds(name.normalize('NFC').replace(UNSAFE, '_'));
  if (safe === '') safe = fallback;
  const stem = safe.split('.')[0]!.trim();
  if (RESERVED.test(stem)) safe = `_${safe}`;
  if (utf8Length(safe) > maxBytes) {
    const [base, extension] = splitExtension(safe);
    safe = `${trimEnds(cutToBytes(base, maxBytes - utf8Length(extension)))}${extension}`;
  }
  return safe;
}

/**
 * Gives out paths so that two files never land on one name: the second "torque.jpg" of a folder is
 * "torque (2).jpg". Names are compared as Windows and macOS compare them (ignoring case, and
 * Unicode-normalised), since a package unpacked there would otherwise lose one of them.
 */
export class UniquePaths {
  private readonly taken = new Set<string>();

  private static key(path: string): string {
    return path.normalize('NFC').toLowerCase();
  }

  /** `folder` (may be "") joined with `name`, numbered when that path is already given out. */
  claim(folder: string, name: string): string {
    const prefix = folder ? `${folder}/` : '';
    const [stem, extension] = splitExtension(name);
    for (let n = 1; ; n += 1) {
      const candidate = n === 1 ? name : `${stem} (${n})${extension}`;
      const path = `${prefix}${candidate}`;
      const key = UniquePaths.key(path);
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return path;
      }
    }
  }
}
