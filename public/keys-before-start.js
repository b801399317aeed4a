// Loaded before the app's code and run at once: keeps the keys pressed while that code still loads,
// so a barcode scanned right after a page load is read whole once the app starts (its scanner takes
// them over: src/scanner/keysBeforeStart.ts). A plain script, not a module, so it
// runs before the page has finished loading. Each key is kept with when the page got to it: a sender
// that waits for the page (remote input, a busy tablet's own queue) spaces its keys by the page's
// delays, which the scanner takes off only if it knows them.
(function (page) {
  var keys = [];
  var keep = function (event) {
    keys.push({ event: event, handledAt: page.performance.now() });
  };
  page.addEventListener('keydown', keep, true);
  page.addEventListener('keyup', keep, true);
  page.floorAttachKeysBeforeStart = function () {
    page.removeEventListener('keydown', keep, true);
    page.removeEventListener('keyup', keep, true);
    delete page.floorAttachKeysBeforeStart;
    return keys;
  };
})(globalThis);
