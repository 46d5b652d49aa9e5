// The landing page the build pre-rendered (docs/decisions/070-landing-page-pre-rendered.md) shows
// from its HTML alone; the app's code loads at the visitor's first sign of using it (a touch, a
// key, the pointer, a field in focus), and src/web/main.tsx then hydrates the page. A press on a
// button, or a form sent, before the app is on the screen is held and handed over to it when
// main.tsx says it is ('tf:app-ready'). Links work as links meanwhile. It runs in <head>, before
// anything can be pressed; an external script: the CSP allows no inline one.
(function () {
  var boot = document.currentScript;
  var signs = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'];
  var started = false;
  var held = null;
  var submitter = null;
  var RELOADED = 'tf-landing-reloaded';

  function release() {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
  }

  function start() {
    if (started) return;
    started = true;
    signs.forEach(function (sign) {
      removeEventListener(sign, start, true);
    });
    (boot.getAttribute('data-preload') || '').split(' ').forEach(function (file) {
      if (!file) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = boot.getAttribute('data-app');
    // The page outlived its build (a deploy removed these files): load the page again, once, so
    // it names the current ones; if that fails too, the page stops holding presses.
    app.onerror = function () {
      release();
      try {
        if (sessionStorage.getItem(RELOADED)) return;
        sessionStorage.setItem(RELOADED, '1');
      } catch {
        return;
      }
      location.reload();
    };
    document.head.appendChild(app);
  }

  function hold(event) {
    var page = document.getElementById('root');
    var target = event.target instanceof Element ? event.target : null;
    if (!page || !target || !page.contains(target)) return;
    var pressed = event.type === 'click' ? target.closest('button, input[type="submit"]') : null;
    if (event.type === 'submit') {
      held = target;
      submitter = event.submitter || null;
    } else if (pressed) {
      held = pressed;
      submitter = null;
    } else return;
    event.preventDefault();
    event.stopPropagation();
    start();
  }

  // The page's forms read their fields when sent, so what was typed meanwhile needs no handing
  // over; the press does. React hydrates the part it lands on first.
  function handOver() {
    release();
    try {
      sessionStorage.removeItem(RELOADED);
    } catch {
      // No storage: nothing was kept.
    }
    var press = held;
    var by = submitter;
    held = null;
    if (!press) return;
    setTimeout(function () {
      if (!press.isConnected) return;
      if (press.tagName === 'FORM') press.requestSubmit(by && by.isConnected ? by : undefined);
      else press.click();
    }, 0);
  }

  signs.forEach(function (sign) {
    addEventListener(sign, start, { capture: true, passive: true });
  });
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('tf:app-ready', handOver, { once: true });

  // A language chosen on this device that is not the page's (the cookie that tells the server
  // was cleared), or the pseudo-locale of the language check (src/web/lib/pseudo.ts): the app
  // renders the page in it now.
  try {
    var chosen = localStorage.getItem('tf-language');
    if (chosen && chosen !== boot.getAttribute('data-language')) start();
    if (localStorage.getItem('tf-pseudo') === '1') start();
  } catch {
    // No storage (private mode): the page's language is the one the server chose.
  }
})();
