import { Center, Loader, Modal, Text } from '@mantine/core';
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useDialogFocus } from '../../components/dialogFocus.ts';
import { loadedEditor, loadEditor, preloadEditor } from './editorCode.ts';
import type { MarkupEditorProps } from './markupEditorProps.ts';
import { MarkupProblemAlert } from './MarkupProblemAlert.tsx';

// The editor and its canvas library load on first use: they are not part of the app's first download.
const MarkupEditor = lazy(loadEditor);

/**
 * Fetches and runs the editor's code ahead of a tap on "Mark up", so the tap opens the editor
 * without that wait. Called, it does so when the page is next idle (where a markable photo is
 * listed); spread on a "Mark up" button, at once when the button is touched, pointed at or focused.
 */
export const preloadMarkupEditor = Object.assign(() => preloadEditor('idle'), {
  onPointerEnter: () => preloadEditor('now'),
  onPointerDown: () => preloadEditor('now'),
  onFocus: () => preloadEditor('now'),
});

/** A full-screen message in place of the editor (while it loads, or when it cannot), named by `name`. */
export function MarkupNotice({
  name,
  children,
  onClose,
}: {
  name: string;
  children: ReactNode;
  onClose?(): void;
}) {
  const focus = useDialogFocus();
  return (
    <Modal.Root opened fullScreen onClose={onClose ?? (() => undefined)}>
      <Modal.Content aria-label={name}>
        <Modal.Body>
          <Center h="80dvh" ref={focus}>
            {children}
          </Center>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

export function MarkupLoading({ what }: { what: string }) {
  return (
    <MarkupNotice name={what}>
      <Loader aria-hidden />
      <Text ms="sm" role="status">
        {what}
      </Text>
    </MarkupNotice>
  );
}

export function MarkupProblem({
  title,
  message,
  onClose,
}: {
  title: string;
  message: string;
  onClose(): void;
}) {
  return (
    <MarkupNotice name={title} onClose={onClose}>
      <MarkupProblemAlert title={title} message={message} onClose={onClose} maw={520} />
    </MarkupNotice>
  );
}

class LoadFailure extends Component<{ onClose(): void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <EditorNotLoaded onClose={this.props.onClose} /> : this.props.children;
  }
}

function EditorNotLoaded({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  return (
    <MarkupProblem
      title={intl.formatMessage({ defaultMessage: 'The editor could not be opened', id: 'Zjc6Gf' })}
      message={intl.formatMessage({
        defaultMessage: 'Its code could not be loaded. Check the connection and try again.',
        id: 'cZqi3F',
      })}
      onClose={onClose}
    />
  );
}

function EditorLoading() {
  const intl = useIntl();
  return <MarkupLoading what={intl.formatMessage({ defaultMessage: 'Opening the editor…', id: 'fK1LFx' })} />;
}

/** The mark-up editor, fetched the first time it is opened; rendered at once when its code is there. */
export function LazyMarkupEditor(props: MarkupEditorProps) {
  // Chosen once: switching from the lazy editor to the loaded one would start it anew.
  const [Editor] = useState(() => loadedEditor()?.default ?? MarkupEditor);
  return (
    <LoadFailure onClose={props.onCancel}>
      <Suspense fallback={<EditorLoading />}>
        <Editor {...props} />
      </Suspense>
    </LoadFailure>
  );
}
