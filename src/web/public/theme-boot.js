// The device's colour theme, applied before the first paint (a blocking script in <head>; the CSP
// allows no inline one). The same rules as src/web/lib/theme.ts, which takes over from here.
(function () {
  var theme = 'system';
  try {
    theme = localStorage.getItem('tf-theme') || 'system';
  } catch {
    theme = 'system';
  }
  var dark =
    theme === 'dark' ||
    (theme !== 'light' &&
      !!window.matchMedia &&
      matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.add(dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#020617' : '#0f172a');
})();
