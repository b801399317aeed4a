import { appIntl } from '../i18n/index.ts';
import type { StoredOfOther } from './uploadPorts.ts';
import { personKey } from '../lib/person.ts';

/** Files someone else dropped on this browser, waiting for them to sign in again. */
export interface LeftFiles {
  /** Identifies the person for discardLeftBy. */
  key: string;
  name: string;
  count: number;
}

/** A stored file of someone else, never its bytes; rows stored before files carried a person have none. */
export type HeldUpload = StoredOfOther;

const keyOf = (person: HeldUpload['person']) => (person ? personKey(person) : '');

/**
 * Stored files of other people: never sent from this page, only counted ("2 files left by Taylor
 * Technician") and, when an administrator confirmed it, discarded.
 */
export class LeftByOthers {
  private readonly held = new Map<string, HeldUpload>();
  private shown: readonly LeftFiles[] = [];

  has(id: string): boolean {
    return this.held.has(id);
  }

  hold(row: HeldUpload): void {
    this.held.set(row.id, row);
  }

  /** Lets go of the files of the person `key` names, giving back their ids. */
  release(key: string): string[] {
    const ids = [...this.held.values()].filter((row) => keyOf(row.person) === key).map((row) => row.id);
    for (const id of ids) this.held.delete(id);
    return ids;
  }

  /**
   * Who left files waiting to be sent, and how many; unchanged summaries keep their identity so views do
   * not render again. A failed file (a refused attach, say) waits for nobody: its owner sees it as
   * failed when they sign in, and nobody else sees it at all.
   */
  summary(): readonly LeftFiles[] {
    const byPerson = new Map<string, LeftFiles>();
    for (const { person, state } of this.held.values()) {
      if (state === 'failed') continue;
      const key = keyOf(person);
      const name =
        person?.name ||
        appIntl().formatMessage({
          defaultMessage: 'an earlier user',
          id: 'aQXUQ9',
          description: 'Someone whose name is not known, in "2 files left by an earlier user…"',
        });
      const left = byPerson.get(key) ?? { key, name, count: 0 };
      byPerson.set(key, { ...left, count: left.count + 1 });
    }
    const summary = [...byPerson.values()];
    const same =
      summary.length === this.shown.length &&
      summary.every((left, i) => {
        const shown = this.shown[i];
        return shown?.key === left.key && shown.count === left.count && shown.name === left.name;
      });
    if (!same) this.shown = summary;
    return this.shown;
  }
}
