import type { ManifestOptions } from 'vite-plugin-pwa';
import { SHARE_FILES_FIELD, SHARE_TARGET_PATH } from '../share/shareTarget.ts';

/** Installable on a tablet's home screen, in its own window, and a target for shared photos and files. */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Floor Attach',
  short_name: 'Floor Attach',
  description: 'Find a manufacturing record and attach photos, PDFs and logs to it.',
  // The launch marker lets the app return to the last page the technician had open (see lastPage.ts).
  start_url: '/?launch=home-screen',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#1c7ed6',
  background_color: '#ffffff',
  icons: [
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
    { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      files: [
        { name: SHARE_FILES_FIELD, accept: ['image/*', 'video/*', 'application/pdf', 'text/*', '*/*'] },
      ],
    },
  },
};
