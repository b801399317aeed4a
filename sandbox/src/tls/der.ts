/**
 * The few ASN.1 DER encodings an X.509 certificate needs (X.690), so that Node's own crypto can make
 * the sandbox's certificates on any machine: no openssl binary, no dependency.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** Tag, length and contents. */
export const tlv = (tag: number, contents: Buffer): Buffer =>
  Buffer.concat([Buffer.from([tag]), length(contents.length), contents]);

export const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
export const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
export const octetString = (bytes: Buffer) => tlv(0x04, bytes);
export const utf8String = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));

/** A non-negative INTEGER from its big-endian magnitude (a leading 0 keeps it positive). */
export function unsignedInteger(magnitude: Buffer | number): Buffer {
  let bytes = typeof magnitude === 'number' ? Buffer.from([magnitude]) : magnitude;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  bytes = bytes.subarray(start);
  return tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

export function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const out = [first * 40 + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let v = arc; ; v = Math.floor(v / 128)) {
      groups.unshift((v % 128) | (groups.length ? 0x80 : 0));
      if (v < 128) break;
    }
    out.push(...groups);
  }
  return tlv(0x06, Buffer.from(out));
}

/** A BIT STRING of whole bytes (keys, signatures). */
export const bitString = (bytes: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));

/** A named-bit BIT STRING (key usage): bit 0 is the first byte's highest bit; trailing zero bits dropped. */
export function namedBits(bits: number[]): Buffer {
  const size = Math.floor(Math.max(...bits) / 8) + 1;
  const bytes = Buffer.alloc(size);
  for (const bit of bits) {
    const at = Math.floor(bit / 8);
    bytes[at] = (bytes[at] ?? 0) | (0x80 >> (bit % 8));
  }
  const last = bytes[size - 1]!;
  let unused = 0;
  while (unused < 7 && !(last & (1 << unused))) unused += 1;
  return tlv(0x03, Buffer.concat([Buffer.from([unused]), bytes]));
}

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 4.1.2.5). */
export function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDhhmmss
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
}

/** [n] EXPLICIT: a constructed context-specific wrapper. */
export const explicit = (n: number, inner: Buffer) => tlv(0xa0 | n, inner);
/** [n] IMPLICIT of a primitive value (a GeneralName's dNSName, iPAddress; a key identifier). */
export const implicit = (n: number, contents: Buffer) => tlv(0x80 | n, contents);
