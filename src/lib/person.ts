/**
 * The person on the tablet: who signed in, from the token's claims. On a shared tablet this decides
 * who owns what (files waiting to be sent, shares, kept and pinned records, a language choice): the
 * subject of an organisation decides, the name is only for display.
 */
export interface Person {
  subject: string;
  organization: string;
  /** What others on this tablet call them, e.g. "Taylor Technician". */
  name: string;
}

/** The two facts that decide who a person is: what is kept with their records and choices. */
export type PersonId = Pick<Person, 'subject' | 'organization'>;

/** Same subject of the same organisation; nobody is never the same as anybody. */
export function samePerson(a: PersonId | null | undefined, b: PersonId | null | undefined): boolean {
  return !!a && !!b && a.subject === b.subject && a.organization === b.organization;
}

/**
 * A person as one string, `["<organization>","<subject>"]`: the key of what is kept per person in
 * the browser (languages, attach refusals, files attached here) and of files left by others. Kept on
 * tablets, so its form never changes.
 */
export function personKey(person: PersonId): string {
  return JSON.stringify([person.organization, person.subject]);
}
