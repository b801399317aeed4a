import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = {
  a: 'ȧ',
  b: 'ƀ',
  c: 'ƈ',
  d: 'ḓ',
  e: 'ḗ',
  f: 'ƒ',
  g: 'ɠ',
  h: 'ħ',
  i: 'ī',
  j: 'ĵ',
  k: 'ķ',
  l: 'ŀ',
  m: 'ḿ',
  n: 'ƞ',
  o: 'ǿ',
  p: 'ƥ',
  q: 'ɋ',
  r: 'ř',
  s: 'ş',
  t: 'ŧ',
  u: 'ŭ',
  v: 'ṽ',
  w: 'ẇ',
  x: 'ẋ',
  y: 'ẏ',
  z: 'ẑ',
  A: 'Ȧ',
  B: 'Ɓ',
  C: 'Ƈ',
  D: 'Ḓ',
  E: 'Ḗ',
  F: 'Ƒ',
  G: 'Ɠ',
  H: 'Ħ',
  I: 'Ī',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ŀ',
  M: 'Ḿ',
  N: 'Ƞ',
  O: 'Ǿ',
  P: 'Ƥ',
  Q: 'Ɋ',
  R: 'Ř',
  S: 'Ş',
  T: 'Ŧ',
  U: 'Ŭ',
  V: 'Ṽ',
  W: 'Ẇ',
  X: 'Ẋ',
  Y: 'Ẏ',
  Z: 'Ẑ',
};

const accent = (text: string) => text.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter);

/** Every letter accented, plural branches and tags included; arguments left as they are. */
function accentElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    switch (element.type) {
      case TYPE.literal:
        return { ...element, value: accent(element.value) };
      case TYPE.plural:
      case TYPE.select:
        return {
          ...element,
          options: Object.fromEntries(
            Object.entries(element.options).map(([key, option]) => [
              key,
              { ...option, value: accentElements(option.value) },
            ]),
          ),
        };
      case TYPE.tag:
        return { ...element, children: accentElements(element.children) };
      default:
        return element;
    }
  });
}

/** Letters of the message's own words (arguments excluded), to size the padding by. */
function lettersOf(elements: MessageFormatElement[]): number {
  return elements.reduce((sum, element) => {
    if (element.type === TYPE.literal) return sum + element.value.length;
    if (element.type === TYPE.tag) return sum + lettersOf(element.children);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      return sum + Math.max(0, ...Object.values(element.options).map((option) => lettersOf(option.value)));
    }
    return sum;
  }, 0);
}

/**
 * The pseudo-locale's form of an English message: "[Ȧŧŧȧƈħ ƥħǿŧǿ ~~~~]", accented and 40 % longer,
 * bracketed so a word cut off at either end shows. Arguments, plurals and tags still work.
 */
export function pseudoLocalize(message: string): string {
  const elements = parse(message);
  const padding = '~'.repeat(Math.ceil(lettersOf(elements) * 0.4));
  return `[${printAST(accentElements(elements))}${padding ? ` ${padding}` : ''}]`;
}
