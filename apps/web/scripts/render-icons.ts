// Renders the app icons of the web app manifest (public/icons/*.png) from public/favicon.svg in
// Debian's Chromium: `npx tsx apps/web/scripts/render-icons.ts`. The PNGs are committed; run this
// again only when the logo changes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const pub = (p: string) => fileURLToPath(new URL(`../public/${p}`, import.meta.url));
const svg = readFileSync(pub('favicon.svg'), 'utf8');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const { file, size, padding } of [
    { file: 'icons/icon-192.png', size: 192, padding: 0 },
    { file: 'icons/icon-512.png', size: 512, padding: 0 },
    // Maskable icons keep their content inside the middle 80 %: the launcher may crop the rest.
    { file: 'icons/icon-maskable-512.png', size: 512, padding: 0.1 },
  ]) {
    await page.setViewportSize({ width: size, height: size });
    const inner = Math.round(size * (1 - 2 * padding));
    await page.setContent(
      `<body style="margin:0;background:${padding === 0 ? "transparent" : "#6366f1"};display:grid;place-items:center;width:${size}px;height:${size}px">` +
        `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
    );
    await page.screenshot({ path: pub(file), omitBackground: padding === 0 });
  }
} finally {
  await browser.close();
}
