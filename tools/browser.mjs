// Drive the browser page (tools/web.py) in Debian's chromium, headless, with playwright-core.
//     node tools/browser.mjs URL VISITS.json [--shot page.png]
// VISITS.json: a list of {script, shots: [names], timeout_s, after}; each visit loads
// URL?script=... in the same browser profile (so the page's IndexedDB, its saves, carries
// over, as a reload), waits until every named screenshot was taken, then does the steps of
// ``after`` as a person would ({key: 'x'} pressed, {click: 'B'} on the page's button,
// {wait: ms}, {read: name} the canvas, {evaluate: 'js'} its value), waits until the page's
// saves are written, and records it all. Prints one JSON object: {visits: [{shots, reads,
// values, console, speed, speeds, tones, status, speedText, pageErrors}], error}; --shot
// saves a picture of the page at the end.
import fs from 'fs';
import { chromium } from 'playwright-core';

const [url, visitsFile] = process.argv.slice(2);
const shotAt = process.argv.indexOf('--shot');
const visits = JSON.parse(fs.readFileSync(visitsFile, 'utf8'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
});
const out = { visits: [], error: null };
try {
  const context = await browser.newContext({ viewport: { width: 660, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  for (const v of visits) {
    await page.goto(`${url}?script=${encodeURIComponent(v.script)}`);
    const names = v.shots || [];
    try {
      await page.waitForFunction((n) => n.every((k) => window.pocket && window.pocket.shots[k]),
        names, { timeout: (v.timeout_s || 300) * 1000, polling: 500 });
    } catch (e) {
      out.error = `timed out waiting for ${names.join(', ')}`;
    }
    // then, as a person: keys, clicks on the page's buttons, waits, canvas reads, scripts
    const reads = {}, values = [];
    for (const step of (out.error ? [] : v.after || [])) {
      if (step.key) await page.keyboard.press(step.key, { delay: 120 });
      else if (step.click) await page.click(`[data-action="${step.click}"]`, { delay: 120 });
      else if (step.wait) await page.waitForTimeout(step.wait);
      else if (step.read) reads[step.read] = await page.evaluate(() => window.pocket.read());
      else if (step.evaluate) values.push(await page.evaluate(step.evaluate));
    }
    await page.evaluate(() => window.pocket.writes);
    out.visits.push(await page.evaluate(() => ({
      shots: window.pocket.shots, console: window.pocket.console, speed: window.pocket.speed, speeds: window.pocket.speeds, startMs: window.pocket.startMs, tones: window.pocket.tones,
      status: document.getElementById('status').textContent, speedText: document.getElementById('speed').textContent,
    })));
    Object.assign(out.visits[out.visits.length - 1], { pageErrors: errors.splice(0), reads, values });
    if (out.error) break;
  }
  if (shotAt > 0) await page.screenshot({ path: process.argv[shotAt + 1] });
} catch (e) {
  out.error = String(e && e.stack || e);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out));
