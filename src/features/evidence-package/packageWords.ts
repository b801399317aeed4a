import { useCallback } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { ManifestWords } from './manifest.ts';
import type { FileOutcome } from './packageTypes.ts';

/** Words of the package that are not on screen only: the save picker's file type, a download that never started. */
export const PACKAGE_WORDS = defineMessages({
  zipDescription: {
    defaultMessage: 'ZIP package',
    id: 'bhtptf',
    description: 'File type shown in the save dialog for the package of files',
  },
  notStarted: {
    defaultMessage: 'The browser did not start the download. Reload the page and try again.',
    id: '/QARBl',
  },
});

const MANIFEST = defineMessages({
  title: {
    defaultMessage: 'Evidence package',
    id: 'cUGvXO',
    description: 'Heading of the index of a ZIP package of the files attached to a run',
  },
  record: {
    defaultMessage: 'Record',
    id: '7c//yy',
    description: 'Manifest label: the record the package is of',
  },
  serial: {
    defaultMessage: 'Serial',
    id: 'O0J7GH',
    description: 'Manifest label: the serial or lot number of the run',
  },
  part: { defaultMessage: 'Part', id: 'YqFyzI', description: 'Manifest label: the part the run builds' },
  procedure: {
    defaultMessage: 'Procedure',
    id: 'suTe/C',
    description: 'Manifest label: the procedure the run follows',
  },
  madeBy: { defaultMessage: 'Made by', id: '6OtKFO', description: 'Manifest label: who made the package' },
  madeAt: {
    defaultMessage: 'Made at',
    id: '1O4kD7',
    description: 'Manifest label: when the package was made',
  },
  step: {
    defaultMessage: 'Step',
    id: 'Yh5s9B',
    description: 'Manifest column: the run step a file belongs to',
  },
  field: {
    defaultMessage: 'Field',
    id: 'XqcRw0',
    description: 'Manifest column: the step field a file was attached to',
  },
  appName: {
    defaultMessage: 'File name in the app',
    id: 'EJxh5n',
    description: 'Manifest column: the file name as the app shows it',
  },
  zipPath: {
    defaultMessage: 'File in the ZIP',
    id: 'I689pA',
    description: 'Manifest column: the path inside the package',
  },
  size: {
    defaultMessage: 'Size (bytes)',
    id: '1u6Koe',
    description: 'Manifest column: the file size in bytes',
  },
  type: {
    defaultMessage: 'Type',
    id: 'p4bTiR',
    description: 'Manifest column: the file type, e.g. image/jpeg',
  },
  addedBy: {
    defaultMessage: 'Added by',
    id: 'P5oG4j',
    description: 'Manifest column: who attached the file',
  },
  addedAt: {
    defaultMessage: 'Added at',
    id: 'aK95O4',
    description: 'Manifest column: when the file was attached',
  },
  md5: {
    defaultMessage: 'MD5',
    id: 'YawNme',
    description: 'Manifest column: the MD5 checksum of the file (a technical term)',
  },
  check: {
    defaultMessage: 'Check',
    id: 'FUQ4J+',
    description: 'Manifest column: whether the file matches what storage holds',
  },
  match: {
    defaultMessage: 'Matches storage',
    id: 'eRSflU',
    description: 'Manifest verdict: the file’s MD5 equals the checksum storage gave',
  },
  unchecked: {
    defaultMessage: 'Saved (storage gave no MD5 to compare)',
    id: 'r7cqwM',
    description: 'Manifest verdict: a file uploaded in parts has no single checksum to compare with',
  },
  mismatch: {
    defaultMessage: 'DOES NOT MATCH storage',
    id: '1Lq+AR',
    description: 'Manifest verdict: the bytes saved differ from what storage says it holds',
  },
  incomplete: {
    defaultMessage: 'INCOMPLETE',
    id: 'd9ubF2',
    description: 'Manifest verdict: fewer bytes were saved than the file has',
  },
  missing: {
    defaultMessage: 'MISSING: not in the package',
    id: '6CEOwS',
    description: 'Manifest verdict: the file could not be fetched at all',
  },
  summary: {
    defaultMessage:
      '{files, plural, one {# file} other {# files}} listed, {problems, plural, =0 {all saved and checked} one {# with a problem} other {# with problems}}.',
    id: 'Pw+lI8',
    description: 'Manifest summary line',
  },
});

/** Outcomes that a person must look at: not saved, cut short, or not what storage holds. */
export const hasProblem = (outcome: FileOutcome) =>
  outcome.check === 'missing' || outcome.check === 'incomplete' || outcome.check === 'mismatch';

/** The manifest's words in the language in force when the package is made. */
export function useManifestWords(): (outcomes: FileOutcome[]) => ManifestWords {
  const intl = useIntl();
  return useCallback(
    (outcomes) => {
      const say = (key: keyof typeof MANIFEST) => intl.formatMessage(MANIFEST[key]);
      return {
        title: say('title'),
        record: say('record'),
        serial: say('serial'),
        part: say('part'),
        procedure: say('procedure'),
        madeBy: say('madeBy'),
        madeAt: say('madeAt'),
        columns: {
          step: say('step'),
          field: say('field'),
          appName: say('appName'),
          zipPath: say('zipPath'),
          size: say('size'),
          type: say('type'),
          addedBy: say('addedBy'),
          addedAt: say('addedAt'),
          md5: say('md5'),
          check: say('check'),
        },
        checks: {
          match: say('match'),
          unchecked: say('unchecked'),
          mismatch: say('mismatch'),
          incomplete: say('incomplete'),
          missing: say('missing'),
        },
        summary: intl.formatMessage(MANIFEST.summary as MessageDescriptor, {
          files: outcomes.length,
          problems: outcomes.filter(hasProblem).length,
        }),
      };
    },
    [intl],
  );
}

/** A verdict in the person's words, for the dialog's list of problems. */
export function useCheckWords() {
  const intl = useIntl();
  return (check: FileOutcome['check']) => intl.formatMessage(MANIFEST[check]);
}
