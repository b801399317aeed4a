import { act, fireEvent } from '@testing-library/react';

/** A DataTransfer item as a drop hands it to readDroppedFiles: a file, or a folder (an entry). */
export interface FakeItem {
  kind: string;
  type: string;
  getAsFile(): File | null;
  webkitGetAsEntry(): { isDirectory: boolean; name: string } | null;
}

export function fileItem(file: File): FakeItem {
  return { kind: 'file', type: file.type, getAsFile: () => file, webkitGetAsEntry: () => null };
}

/** A dropped folder: the browser gives an empty File for it, and an entry that says it is a directory. */
export function folderItem(name: string): FakeItem {
  return {
    kind: 'file',
    type: '',
    getAsFile: () => new File([], name),
    webkitGetAsEntry: () => ({ isDirectory: true, name }),
  };
}

export function transfer(items: FakeItem[], types = ['Files']) {
  return { items, types, files: items.map((item) => item.getAsFile()).filter(Boolean), dropEffect: 'none' };
}

/** The whole gesture on one element: dragenter, dragover, drop. */
export async function drop(target: HTMLElement, dataTransfer: ReturnType<typeof transfer>) {
  await act(async () => {
    fireEvent.dragEnter(target, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
  });
}
