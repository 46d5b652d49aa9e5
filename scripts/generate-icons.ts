// Renders the app icons (PNG) from the SVG mark with Chromium. Run once; the PNGs are committed.
// Usage: npx tsx scripts/generate-icons.ts
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';

const truck = (scale: number) => `
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)">
    <path fill="#fff" d="M96 168h176v150H96z"/>
    <path fill="#fff" d="M272 208h74l62 70v40H272z"/>
    <path fill="#0f172a" d="M292 226h48l40 46h-88z"/>
    <circle cx="160" cy="330" r="40" fill="#0f172a" stroke="#fff" stroke-width="16"/>
    <circle cx="352" cy="330" r="40" fill="#0f172a" stroke="#fff" stroke-width="16"/>
  </g>`;

const icons = [
  // Regular icon: rounded tile, the truck fills it.
  {
    file: 'icon-192.png',
    size: 192,
    svg: `<rect width="512" height="512" rx="112" fill="#c2410c"/>${truck(1)}`,
  },
  {
    file: 'icon-512.png',
    size: 512,
    svg: `<rect width="512" height="512" rx="112" fill="#c2410c"/>${truck(1)}`,
  },
  // Maskable: full bleed, the truck inside the 80 % safe zone.
  {
    file: 'maskable-512.png',
    size: 512,
    svg: `<rect width="512" height="512" fill="#c2410c"/>${truck(0.72)}`,
  },
  {
    file: 'apple-touch-icon-180.png',
    size: 180,
    svg: `<rect width="512" height="512" fill="#c2410c"/>${truck(0.85)}`,
  },
  // Notification badge: the truck alone, white on transparent (Android draws a badge from its
  // alpha channel only, so a filled tile would show as a plain square).
  {
    file: 'badge-96.png',
    size: 96,
    svg: `<g transform="translate(256 256) scale(1.25) translate(-256 -240)">
      <path fill="#fff" d="M96 168h176v150H96z"/>
      <path fill="#fff" d="M272 208h74l62 70v40H272z"/>
      <circle cx="160" cy="330" r="44" fill="#fff"/>
      <circle cx="352" cy="330" r="44" fill="#fff"/>
    </g>`,
  },
];

const browser = await chromium.launch(chromiumLaunchOptions);
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="${icon.size}" height="${icon.size}">${icon.svg}</svg></body></html>`,
  );
  await page.screenshot({ path: `src/web/public/icons/${icon.file}`, omitBackground: true });
  await page.close();
  console.log(icon.file);
}
await browser.close();
