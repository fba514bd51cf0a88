// Every API call (src/lib/api.ts) gives fetch AbortSignal.timeout(…), joined
// with the caller's signal by AbortSignal.any(…). AbortController arrived in
// Chromium 66, AbortSignal.timeout in 103 and AbortSignal.any in 116; core-js
// has none of them. Below 66, abortcontroller-polyfill (loaded just before
// this file) adds AbortController and a fetch that honours its signal; this
// file adds the two static methods wherever they are missing. Legacy bundle
// only (decision 0046).
(function () {
  if (typeof AbortController !== 'function' || typeof AbortSignal !== 'function') return;
  if (typeof AbortSignal.timeout !== 'function') {
    AbortSignal.timeout = function timeout(ms) {
      var controller = new AbortController();
      setTimeout(function () {
        controller.abort();
      }, ms);
      return controller.signal;
    };
  }
  if (typeof AbortSignal.any !== 'function') {
    AbortSignal.any = function any(signals) {
      var controller = new AbortController();
      var list = Array.prototype.slice.call(signals);
      function onAbort() {
        for (var j = 0; j < list.length; j++) list[j].removeEventListener('abort', onAbort);
        controller.abort(this.reason);
      }
      for (var i = 0; i < list.length; i++) {
        if (list[i].aborted) {
          controller.abort(list[i].reason);
          return controller.signal;
        }
      }
      for (var k = 0; k < list.length; k++) list[k].addEventListener('abort', onAbort);
      return controller.signal;
    };
  }
})();
