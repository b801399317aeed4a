/**
 * `%` and `_` are LIKE wildcards: escaped so a part number such as `BRKT_01` matches itself only.
 * Backslash is PostgreSQL's default LIKE escape, which the sandbox follows too.
 */
export function likeContains(term: string): string {
  return `%${likeExact(term)}%`;
}

/** ilike without wildcards: the term as typed, in any letter case. */
export function likeExact(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Words of a search: "solenoid valve" and "Valve, solenoid" both give solenoid and valve. */
export function searchWords(q: string): string[] {
  const words = q.split(/[\s,;]+/).filter((word) => word !== '');
  // Each word narrows the result; at most 8, the nesting the API is asked for stays small.
  return [...new Set(words.map((word) => word.toLowerCase()))].slice(0, 8);
}

/**
 * Every word must match, in any order, each in one of the fields `wordFilter` names: the schema's own
 * and_/or_ operators, so the real service answers the same.
 */
export function everyWord<F extends { and_?: unknown }>(
  q: string | undefined,
  wordFilter: (pattern: string) => F,
): F {
  const words = q ? searchWords(q) : [];
  if (words.length === 0) return {} as F;
  if (words.length === 1) return wordFilter(likeContains(words[0]!));
  return { and_: words.map((word) => wordFilter(likeContains(word))) } as F;
}
