import type { Plugin } from 'vite';

/** piexif-ts 2.1 asks `new Function(…)` whether it runs in a window, at load. */
const EVAL_CHECK = "new Function('try {return this===window;}catch(e){ return false;}')()";

/**
 * piexif-ts (EXIF written into a JPEG without re-encoding it) evaluates a string at load, which the
 * app's Content-Security-Policy (no 'unsafe-eval') refuses: the module, and with it the camera and the
 * workers that import it, would fail to load. The same question is asked without eval. The build
 * fails if a new version no longer has the check, so this is looked at again rather than left behind.
 */
export function piexifWithoutEval(): Plugin {
  return {
    name: 'piexif-without-eval',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]piexif-ts[\\/]dist[\\/]piexif\.js$/.test(id.split('?')[0]!)) return null;
      if (!code.includes(EVAL_CHECK)) {
        this.error('piexif-ts no longer has the eval this plugin replaces: check it and drop the plugin.');
      }
      return { code: code.replace(EVAL_CHECK, "(typeof window !== 'undefined')"), map: null };
    },
  };
}
