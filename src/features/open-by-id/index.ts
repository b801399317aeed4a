// What other features may use of the open-by-id feature.
export { useOpenByIdShortcut } from './openByIdShortcut.ts';
export { OpenByIdForm } from './OpenByIdForm.tsx';
export { ScanButton } from './scan/ScanButton.tsx';
export { ScansOpenRecords } from './scan/ScansOpenRecords.tsx';
export { useCameraAfterScan } from './scan/cameraAfterScan.ts';
export { OpenedAsNotice } from './OpenedAsNotice.tsx';
