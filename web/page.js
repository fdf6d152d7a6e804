// The page: the OLED on a canvas, the buttons and keys, the piezo through WebAudio, the
// nvm sector (the saves) kept in IndexedDB, the emulator's speed; web/worker.js runs the Pico.
const SCALE = 4;
const KEYS = { ArrowLeft: 'LEFT', ArrowRight: 'RIGHT', ArrowUp: 'UP', ArrowDown: 'DOWN',
  z: 'A', Z: 'A', Enter: 'A', ' ': 'A', x: 'B', X: 'B', Escape: 'B', Backspace: 'B' };
const $ = (id) => document.getElementById(id);

// ---- IndexedDB: one store of named byte arrays
function db() {
  return new Promise((ok, fail) => {
    const r = indexedDB.open('pocket-dominoes', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('kv');
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(r.error);
  });
}
async function dbGet(key) {
  const d = await db();
  return new Promise((ok, fail) => {
    const r = d.transaction('kv').objectStore('kv').get(key);
    r.onsuccess = () => ok(r.result || null);
    r.onerror = () => fail(r.error);
  });
}
async function dbPut(key, value) {
  const d = await db();
  return new Promise((ok, fail) => {
    const t = d.transaction('kv', 'readwrite');
    if (value === null) t.objectStore('kv').delete(key); else t.objectStore('kv').put(value, key);
    t.oncomplete = () => ok();
    t.onerror = () => fail(t.error);
  });
}

// ---- what tests and curious people can read: window.pocket
const pocket = window.pocket = { shots: {}, console: '', writes: Promise.resolve(), speed: null, speeds: [], tone: 0, tones: [],
  started: false };

// ---- the screen
const canvas = $('oled');
const ctx = canvas.getContext('2d');
canvas.width = 128 * SCALE;
canvas.height = 64 * SCALE;
function draw(ram, on = true, contrast = 0xcf, inverted = false) {
  ctx.fillStyle = '#05070a';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (!on) return;
  const level = 0.45 + 0.55 * (contrast / 255);
  ctx.fillStyle = `rgba(190, 232, 255, ${level.toFixed(3)})`;
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 128; x++) {
      const lit = ((ram[(y >> 3) * 128 + x] >> (y & 7)) & 1) !== (inverted ? 1 : 0);
      if (lit) ctx.fillRect(x * SCALE, y * SCALE, SCALE, SCALE);
    }
  }
}
/** The canvas as 64 strings of 128 '0'/'1' (each pixel's centre, lit or not). */
function readCanvas() {
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const rows = [];
  for (let y = 0; y < 64; y++) {
    let row = '';
    for (let x = 0; x < 128; x++) {
      const i = ((y * SCALE + (SCALE >> 1) - 1) * canvas.width + x * SCALE + (SCALE >> 1) - 1) * 4;
      row += img[i + 1] > 60 ? '1' : '0';
    }
    rows.push(row);
  }
  return rows;
}
pocket.read = readCanvas;
pocket.showSpeed = (m) => { showSpeed(m); return $('speed').textContent; };
draw(new Uint8Array(1024), false);

// ---- sound: a square wave while the piezo's PWM runs
let audio = null, osc = null, gain = null;
function audioOn() {
  if (audio) return;
  try {
    audio = new AudioContext();
    osc = audio.createOscillator();
    gain = audio.createGain();
    osc.type = 'square';
    gain.gain.value = 0;
    osc.connect(gain).connect(audio.destination);
    osc.start();
  } catch (e) { audio = null; }
}
function tone(hz) {
  pocket.tone = hz;
  if (hz && !pocket.tones.includes(hz)) pocket.tones.push(hz);
  if (!audio) return;
  const t = audio.currentTime;
  if (hz > 0) osc.frequency.setValueAtTime(hz, t);
  gain.gain.setTargetAtTime(hz > 0 && !$('mute').checked ? 0.06 : 0, t, 0.004);
}

// ---- the Pico
let worker = null;
let site = null;
function say(text, bad) {
  const s = $('status');
  s.textContent = text;
  s.className = bad ? 'bad' : '';
}
function speed(m) {
  pocket.speed = m;
  pocket.speeds.push(m);
  showSpeed(m);
}
function showSpeed(m) {
  const ratio = m.runCycles / m.runMs / 125e3;   // executed cycles against a 125 MHz Pico
  if (m.runMs < 100) {                            // it kept up with real time
    $('speed').textContent = 'Keeping up with real time.';
    $('speed').className = '';
  } else if (ratio < 0.15) {
    $('speed').textContent = `This browser is too slow: the Pico runs at ${Math.round(ratio * 100)}% of a real one's speed, ` +
      `so the AI takes about ${Math.round(1 / ratio)} times as long to think. Close other tabs, or try a faster computer.`;
    $('speed').className = 'bad';
  } else {
    $('speed').textContent = `Thinking at ${Math.round(ratio * 100)}% of a real Pico's speed ` +
      `(the AI takes about ${(1 / ratio).toFixed(1)} times as long as on the device).`;
    $('speed').className = '';
  }
}
async function fetchBytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  return new Uint8Array(await r.arrayBuffer());
}
async function boot() {
  if (worker) worker.terminate();
  tone(0);
  pocket.shots = {};
  pocket.speeds = [];
  pocket.tones = [];
  pocket.started = false;
  pocket.shown = false;
  pocket.console = '';
  $('console').textContent = '';
  say('Starting the Pico...');
  if (!site) site = await (await fetch('site.json')).json();
  const own = await dbGet('uf2');
  const uf2 = own ? new Uint8Array(own.bytes) : await fetchBytes(site.firmware);
  $('fwname').textContent = own ? `${own.name} (yours)` : site.firmwareName;
  $('fwreset').hidden = !own;
  const fs = await fetchBytes(site.image);
  const nvm = await dbGet('nvm');
  const script = new URLSearchParams(location.search).get('script') || '';
  const t0 = performance.now();
  worker = new Worker('worker.js', { type: 'module' });
  worker.onerror = (e) => say(`The emulator stopped: ${e.message}`, true);
  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.type === 'frame') {
      draw(m.ram, m.on, m.contrast, m.inverted);
      if (m.on && !pocket.shown) { pocket.shown = true; say(''); }
    }
    else if (m.type === 'shot') { draw(m.ram); pocket.shots[m.name] = readCanvas(); }
    else if (m.type === 'console') {
      pocket.console += m.text;
      $('console').textContent = pocket.console.slice(-20000);
      if (!pocket.started && pocket.console.includes('pocket dominoes:')) {
        pocket.started = true; pocket.startMs = performance.now() - t0;
      }
      if (m.text.includes('Traceback')) say('The firmware stopped with an error: see the console below.', true);
    } else if (m.type === 'nvm') pocket.writes = pocket.writes.then(() => dbPut('nvm', m.bytes));
    else if (m.type === 'tone') tone(m.hz);
    else if (m.type === 'speed') speed(m);
    else if (m.type === 'error') say(`The emulator stopped: ${m.message}`, true);
  };
  worker.postMessage({ type: 'start', uf2: uf2.buffer, fs: fs.buffer, fsOffset: site.fsOffset,
    nvm: nvm ? nvm.buffer || nvm : null, nvmOffset: site.nvmOffset, pins: site.buttons.map((b) => b.pin),
    i2c: site.i2c, buzzer: site.buzzer, script }, [uf2.buffer, fs.buffer]);
}

// ---- buttons and keys
const held = new Set();
function press(action, down) {
  const b = site && site.buttons.find((x) => x.action === action);
  if (!b || !worker || held.has(action) === down) return;
  if (down) held.add(action); else held.delete(action);
  audioOn();
  worker.postMessage({ type: 'key', pin: b.pin, down });
  const el = document.querySelector(`[data-action="${action}"]`);
  if (el) el.classList.toggle('down', down);
}
for (const el of document.querySelectorAll('[data-action]')) {
  const a = el.dataset.action;
  el.addEventListener('pointerdown', (e) => { e.preventDefault(); el.setPointerCapture(e.pointerId); press(a, true); });
  for (const ev of ['pointerup', 'pointercancel', 'lostpointercapture']) el.addEventListener(ev, () => press(a, false));
}
window.addEventListener('keydown', (e) => {
  const a = KEYS[e.key];
  if (!a || e.target.tagName === 'INPUT') return;
  e.preventDefault();
  if (!e.repeat) press(a, true);
});
window.addEventListener('keyup', (e) => { const a = KEYS[e.key]; if (a) press(a, false); });
window.addEventListener('blur', () => { for (const a of [...held]) press(a, false); });

// ---- the controls under the screen
$('restart').onclick = () => boot();
$('erase').onclick = async () => {
  if (!confirm('Erase the saved match, settings and statistics?')) return;
  await pocket.writes;
  await dbPut('nvm', null);
  boot();
};
$('fwfile').onchange = async () => {
  const f = $('fwfile').files[0];
  if (!f) return;
  const bytes = new Uint8Array(await f.arrayBuffer());
  const { boardOf } = await import('./board.js');
  const board = boardOf(bytes);
  if (!board || board.name !== 'Raspberry Pi Pico') {
    say(`${f.name} is not CircuitPython for the Raspberry Pi Pico (it says ${board ? board.name : 'no board'}): ` +
        'this page emulates the Pico (RP2040) with its 1 MiB drive only.', true);
    return;
  }
  await dbPut('uf2', { name: f.name, bytes });
  boot();
};
$('fwreset').onclick = async () => { await dbPut('uf2', null); boot(); };

boot().catch((e) => say(`Could not start: ${e.message}`, true));
