import { FormattedMessage, useIntl } from 'react-intl';
import { displayFilename } from '../../components/displayFilename.ts';
import classes from './AttachmentName.module.css';

/** A filename as plain text, with hidden direction and control characters made visible (plain spans: a list draws many). */
export function AttachmentName({ filename }: { filename: string | null }) {
  const { text, revealed } = displayFilename(filename, useIntl());
  return (
    <span>
      <span className={classes.name} dir="auto">
        {text}
      </span>
      {revealed && (
        <span className={classes.note}>
          <FormattedMessage
            defaultMessage="This name contains hidden characters, shown as [U+…] codes."
            id="YkOBp7"
          />
        </span>
      )}
    </span>
  );
}
