// The emulated Pico's thread: runs web/board.js in real time and talks to the page.
//
// Messages in:  {type: 'start', uf2, fs, fsOffset, nvm, nvmOffset, pins, i2c, buzzer, script}
//               {type: 'key', pin, down}
// Messages out: {type: 'frame', ram, on, contrast, inverted}  the display when it changed
//               {type: 'shot', name, ram}                     a scripted screenshot
//               {type: 'console', text}                       UART0 output
//               {type: 'nvm', bytes}                          the nvm sector after a write
//               {type: 'tone', hz}                            the piezo (0: silent)
//               {type: 'speed', emu, wall, runMs, runCycles}  once a second: emulated and real ms,
//                                                             and the real ms spent computing flat out
//                                                             with the cycles executed in them
//               {type: 'error', message}
// ``script``: "t_ms:pin" taps (80 ms), "t_ms:~pin" long presses (900 ms), "t_ms:shot:name"
// screenshots, at emulated ms after power-on (the Node runner's --script, tools/pico.py).
import { Board } from './board.js';
import { bootromB1 } from './bootrom.js';

const SLICE_MS = 12;        // real time spent running between looks at the page's messages
const MAX_LAG_NS = 50e6;    // emulated time never runs more than this behind real time
const IDLE_MS = 4;          // level with real time: how long the thread rests between looks
let board = null;
let anchorWall = 0, anchorEmu = 0;
let lastFrame = 0, lastTone = 0, lastSpeed = 0, speedEmu = 0, runMs = 0, runCycles = 0;
let consoleBuf = '';
const wake = new MessageChannel();
wake.port1.onmessage = () => slice();

function schedule(script) {
  for (const item of (script || '').split(',').filter(Boolean)) {
    const parts = item.split(':');
    const at = Number(parts[0]) * 1e6 - board.nanos;
    if (parts[1] === 'shot') {
      board.clock.createAlarm(() => postMessage({ type: 'shot', name: parts[2], ram: board.display.ram.slice() })).schedule(at);
    } else {
      const hold = parts[1].startsWith('~') ? 900 : 80;
      const pin = Number(parts[1].replace('~', ''));
      board.clock.createAlarm(() => {
        board.setButton(pin, true);
        board.clock.createAlarm(() => board.setButton(pin, false)).schedule(hold * 1e6);
      }).schedule(at);
    }
  }
}

function slice() {
  const now = performance.now();
  let target = anchorEmu + (now - anchorWall) * 1e6;
  if (target - board.nanos > MAX_LAG_NS) {   // behind (computing): do not rush idle time later
    anchorWall = now; anchorEmu = board.nanos + MAX_LAG_NS; target = anchorEmu;
  }
  const cycles = board.busyCycles;
  try {
    board.run(target, SLICE_MS);
  } catch (e) {
    postMessage({ type: 'error', message: String(e && e.stack || e) });
    return;
  }
  const after = performance.now();
  if (board.nanos < target) {   // it ran out of real time before reaching the target: it computed
    runMs += after - now; runCycles += board.busyCycles - cycles;
  }
  const ssd = board.display;
  if (ssd.dirty && after - lastFrame > 30) {
    ssd.dirty = false; lastFrame = after;
    postMessage({ type: 'frame', ram: ssd.ram.slice(), on: ssd.on, contrast: ssd.contrast, inverted: ssd.inverted });
  }
  const hz = Math.round(board.tone());
  if (hz !== lastTone) { lastTone = hz; postMessage({ type: 'tone', hz }); }
  if (board.nvmDirty) { board.nvmDirty = false; postMessage({ type: 'nvm', bytes: board.nvm() }); }
  if (consoleBuf) { postMessage({ type: 'console', text: consoleBuf }); consoleBuf = ''; }
  if (after - lastSpeed >= 1000) {
    postMessage({ type: 'speed', emu: (board.nanos - speedEmu) / 1e6, wall: after - lastSpeed, runMs, runCycles });
    lastSpeed = after; speedEmu = board.nanos; runMs = 0; runCycles = 0;
  }
  if (board.nanos < target) wake.port2.postMessage(0);  // behind: on at once (setTimeout(0) waits 4 ms)
  else setTimeout(slice, IDLE_MS);   // level with real time: the thread rests until the next look
}

onmessage = (ev) => {
  const m = ev.data;
  if (m.type === 'start') {
    try {
      board = new Board(bootromB1, {
        uf2: new Uint8Array(m.uf2), fs: m.fs && new Uint8Array(m.fs), fsOffset: m.fsOffset,
        nvm: m.nvm && new Uint8Array(m.nvm), nvmOffset: m.nvmOffset, pins: m.pins, i2c: m.i2c,
        buzzer: m.buzzer, onConsole: (ch) => { consoleBuf += ch; },
      });
    } catch (e) {
      postMessage({ type: 'error', message: String(e && e.stack || e) });
      return;
    }
    if (!board.uf2Blocks) { postMessage({ type: 'error', message: 'the .uf2 holds no RP2040 blocks' }); return; }
    schedule(m.script);
    anchorWall = lastSpeed = lastFrame = performance.now();
    anchorEmu = 0;
    slice();
  } else if (m.type === 'key' && board) {
    board.setButton(m.pin, m.down);
  }
};
