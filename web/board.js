// The Pico of the classroom build on rp2040js: flash that can be written, pulled-up buttons,
// an SSD1306 on I2C0 and a piezo on a PWM pin, with what rp2040js 1.4.1 lacks added here
// (each gap is described in ../shared/picoemu/README.md, whose runner works around the same):
//   1. BOOTSEL: QSPI_SS reads low and its pad has IE=0, so CircuitPython sees BOOTSEL held.
//   2. Flash writes: the SSI is a stub, so the bootrom's flash_range_erase/_program are
//      replaced by BKPT instructions and done here (NOR AND-semantics).
//   3. Pull-ups are not modelled: idle-high inputs (buttons, I2C lines) are driven high.
//   4. The 0-byte I2C probe CircuitPython bit-bangs on SDA/SCL: an open-drain model on the
//      two pins ACKs the display's address.
//   5. Lost WFE wake-ups: SCR.SEVONPEND and SEV are modelled, else the core can sleep for
//      good with the tick interrupt pending.
//   6. A write to RESETS that holds I2C0/I2C1 in reset brings the block back to its reset
//      state (as tools/picoglue.mjs does for the Node runner).
import { Simulator, RPI2C } from './rp2040js/index.js';
import { RPReset } from './rp2040js/peripherals/reset.js';

export const FLASH_SIZE = 2 * 1024 * 1024;
const BKPT_ERASE = 0x70, BKPT_PROGRAM = 0x71;
const CYCLE_NS = 1e9 / 125e6;
const FUNC_PWM = 4;

// 6. RESETS: one patch of the class, for every board made after it.
const KEEP = new Set(['rp2040', 'name', 'irq', 'onStart', 'onConnect', 'onWriteByte', 'onReadByte', 'onStop']);
const resetWrite = RPReset.prototype.writeUint32;
RPReset.prototype.writeUint32 = function (offset, value) {
  if ((offset & 0xfff) === 0) {
    [1 << 3, 1 << 4].forEach((bit, n) => {
      if (value & bit && !(this.reset & bit)) {
        const i2c = this.rp2040.i2c[n];
        const fresh = new RPI2C(this.rp2040, i2c.name, i2c.irq);
        for (const k of Object.keys(fresh)) if (!KEEP.has(k)) i2c[k] = fresh[k];
      }
    });
  }
  return resetWrite.call(this, offset, value);
};

/** UF2 blocks into flash; returns how many were loaded. */
export function loadUF2(flash, bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let off = 0; off + 512 <= bytes.length; off += 512) {
    if (dv.getUint32(off, true) !== 0x0a324655 || dv.getUint32(off + 4, true) !== 0x9e5d5157) continue;
    const target = dv.getUint32(off + 12, true), size = dv.getUint32(off + 16, true);
    flash.set(bytes.subarray(off + 32, off + 32 + size), target - 0x10000000);
    n++;
  }
  return n;
}

/** The board a CircuitPython .uf2 is built for, from its banner ("Raspberry Pi Pico with
 * rp2040"): {name, chip}, or null when it names none. */
export function boardOf(bytes) {
  const flash = new Uint8Array(FLASH_SIZE);
  if (!loadUF2(flash, bytes)) return null;
  const m = new TextDecoder('latin1').decode(flash).match(/([ -~]{3,40}) with (rp2\d+)\0/);
  return m ? { name: m[1], chip: m[2] } : null;
}

/** An SSD1306 128x64 on I2C: commands, the three addressing modes, its 1 KiB of RAM. */
export class SSD1306 {
  constructor(addr) {
    this.addr = addr;
    this.ram = new Uint8Array(8 * 128);
    this.mode = 2; this.col = 0; this.page = 0;
    this.colStart = 0; this.colEnd = 127; this.pageStart = 0; this.pageEnd = 7;
    this.on = false; this.contrast = 0x7f; this.inverted = false;
    this.dirty = true;
    this.first = true; this.ctl = 0; this.expectCtl = false;
    this.pending = null; this.args = []; this.need = 0;
  }

  begin() { this.first = true; this.expectCtl = false; }

  command(b) {
    if (this.pending !== null) {
      this.args.push(b);
      if (this.args.length < this.need) return;
      const c = this.pending, a = this.args;
      this.pending = null;
      if (c === 0x20) this.mode = a[0] & 3;
      else if (c === 0x21) { this.colStart = a[0] & 127; this.colEnd = a[1] & 127; this.col = this.colStart; }
      else if (c === 0x22) { this.pageStart = a[0] & 7; this.pageEnd = a[1] & 7; this.page = this.pageStart; }
      else if (c === 0x81) { this.contrast = a[0]; this.dirty = true; }
      return;
    }
    const argc = SSD1306.ARGC[b];
    if (argc) { this.pending = b; this.args = []; this.need = argc; return; }
    if (b === 0xae || b === 0xaf) { this.on = b === 0xaf; this.dirty = true; }
    else if (b === 0xa6 || b === 0xa7) { this.inverted = b === 0xa7; this.dirty = true; }
    else if (b >= 0xb0 && b <= 0xb7) this.page = b & 7;
    else if (b <= 0x0f) this.col = (this.col & 0xf0) | b;
    else if (b >= 0x10 && b <= 0x1f) this.col = (this.col & 0x0f) | ((b & 0xf) << 4);
  }

  data(b) {
    this.ram[this.page * 128 + this.col] = b;
    this.dirty = true;
    if (this.mode === 0) {
      if (++this.col > this.colEnd) { this.col = this.colStart; if (++this.page > this.pageEnd) this.page = this.pageStart; }
    } else if (this.mode === 1) {
      if (++this.page > this.pageEnd) { this.page = this.pageStart; if (++this.col > this.colEnd) this.col = this.colStart; }
    } else if (++this.col > 127) this.col = 0;
  }

  byte(b) {
    if (this.first) { this.first = false; this.ctl = b; return; }
    const co = this.ctl & 0x80, dc = this.ctl & 0x40;
    if (co && this.expectCtl) { this.ctl = b; this.expectCtl = false; return; }
    if (dc) this.data(b); else this.command(b);
    if (co) this.expectCtl = true;
  }
}
SSD1306.ARGC = { 0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1,
  0x8d: 1, 0xa3: 2, 0xad: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5 };

/**
 * A Pico booted from ``uf2`` (bytes) with the FAT image ``fs`` at ``fsOffset`` and the
 * 4 KiB nvm sector ``nvm`` (bytes or null) at ``nvmOffset``.
 * ``pins``: GPIOs held high when idle (the buttons); ``i2c``: {sda, scl, addr};
 * ``buzzer``: the piezo's GPIO or -1; ``onConsole(text)``: UART0 output.
 */
export class Board {
  constructor(bootrom, { uf2, fs, fsOffset, nvm, nvmOffset, pins, i2c, buzzer, onConsole }) {
    this.sim = new Simulator();
    const mcu = this.mcu = this.sim.rp2040;
    this.clock = this.sim.clock;
    this.core = mcu.core;
    this.busyCycles = 0;          // cycles of executed instructions (not idle time)
    this.nvmOffset = nvmOffset;
    this.nvmDirty = false;
    this.buzzer = buzzer;
    this.flashBootrom(bootrom);
    this.uf2Blocks = loadUF2(mcu.flash, uf2);
    if (fs) mcu.flash.set(fs, fsOffset);
    if (nvm) mcu.flash.set(nvm, nvmOffset);
    this.fixWfe();
    // 1. BOOTSEL released: QSPI_SS idles high through the board's pull-up
    mcu.qspi[1].padValue |= 0x40;
    mcu.qspi[1].setInputValue(true);
    // 3. pull-ups
    for (const p of pins) mcu.gpio[p].setInputValue(true);
    this.display = new SSD1306(i2c.addr);
    this.attachDisplay(i2c.sda, i2c.scl);
    if (onConsole) mcu.uart[0].onByte = (b) => onConsole(String.fromCharCode(b));
    this.core.PC = 0x10000000;
  }

  // 2. flash writes through BKPT hooks on the bootrom's erase and program entry points
  flashBootrom(bootrom) {
    const mcu = this.mcu;
    const rom = new Uint32Array(bootrom);
    const bytes = new Uint8Array(rom.buffer);
    const rd16 = (a) => bytes[a] | (bytes[a + 1] << 8);
    const funcs = {};
    for (let p = rd16(0x14); rd16(p); p += 4) {
      const code = rd16(p);
      funcs[String.fromCharCode(code & 0xff, code >> 8)] = rd16(p + 2);
    }
    for (const [name, id] of [['RE', BKPT_ERASE], ['RP', BKPT_PROGRAM]]) {
      const a = funcs[name] & ~1;
      bytes[a] = id; bytes[a + 1] = 0xbe;
    }
    mcu.loadBootrom(rom);
    mcu.onBreak = (code) => {
      const r = this.core.registers;
      let at, count;
      if (code === BKPT_ERASE) {
        at = r[0] & 0xffffff; count = r[1] >>> 0;
        mcu.flash.fill(0xff, at, at + count);
      } else if (code === BKPT_PROGRAM) {
        at = r[0] & 0xffffff; const src = r[1] >>> 0; count = r[2] >>> 0;
        for (let i = 0; i < count; i++) mcu.flash[at + i] &= mcu.readUint8(src + i);
      } else {
        throw new Error(`BKPT #${code} at PC=0x${(this.core.PC >>> 0).toString(16)}`);
      }
      if (at < this.nvmOffset + 4096 && at + count > this.nvmOffset) this.nvmDirty = true;
      this.core.breakRewind = 0;
      this.core.PC = this.core.LR & ~1;
    };
  }

  // 5. WFE wake-ups: SCR with SEVONPEND, and SEV
  fixWfe() {
    const mcu = this.mcu, core = this.core;
    const SCR = 0xd10, SEVONPEND = 1 << 4, WFE = 0xbf20;
    let scr = 0;
    const ppb = mcu.ppb;
    const ppbRead = ppb.readUint32.bind(ppb), ppbWrite = ppb.writeUint32.bind(ppb);
    ppb.readUint32 = (offset) => (offset === SCR ? scr : ppbRead(offset));
    ppb.writeUint32 = (offset, value) => { if (offset === SCR) scr = value & 0x16; else ppbWrite(offset, value); };
    const setInterrupt = core.setInterrupt.bind(core);
    core.setInterrupt = (irq, value) => {
      const rising = value && !(core.pendingInterrupts & (1 << irq));
      setInterrupt(irq, value);
      if (rising && (scr & SEVONPEND)) {
        if (!core.waiting) core.eventRegistered = true;
        else if (mcu.readUint16((core.PC - 2) & ~1) === WFE) core.waiting = false;
      }
    };
    const logger = mcu.logger, info = logger.info.bind(logger);
    logger.info = (component, msg) => { if (msg === 'SEV') core.eventRegistered = true; else info(component, msg); };
  }

  // the display on the I2C blocks, and 4. the bit-banged probe on its pins
  attachDisplay(sdaPinNo, sclPinNo) {
    const mcu = this.mcu, ssd = this.display;
    for (const i2c of mcu.i2c) {
      let selected = false;
      i2c.onStart = () => i2c.completeStart();
      i2c.onConnect = (address) => {
        selected = address === ssd.addr;
        if (selected) ssd.begin();
        i2c.completeConnect(selected);
      };
      i2c.onWriteByte = (v) => { if (selected) ssd.byte(v); i2c.completeWrite(selected); };
      i2c.onReadByte = () => i2c.completeRead(selected ? 0x43 : 0xff);
      i2c.onStop = () => { selected = false; i2c.completeStop(); };
    }
    const sda = mcu.gpio[sdaPinNo], scl = mcu.gpio[sclPinNo];
    const bb = { sda: 1, scl: 1, state: 'idle', bits: 0, byte: 0, ackPull: false, ackPhase: false, busy: false };
    const low = (pin) => pin.value === 0; // GPIOPinState.Low: the pin drives the line low
    const update = () => {
      if (bb.busy) return;
      bb.busy = true;
      const c = low(scl) ? 0 : 1;
      const d = low(sda) || bb.ackPull ? 0 : 1;
      const pc = bb.scl, pd = bb.sda;
      bb.scl = c; bb.sda = d;
      if (c && pc && pd && !d) Object.assign(bb, { state: 'addr', bits: 0, byte: 0, ackPull: false, ackPhase: false });
      else if (c && pc && !pd && d) Object.assign(bb, { state: 'idle', ackPull: false });
      else if (c && !pc) {
        if (bb.state !== 'idle' && !bb.ackPhase) { bb.byte = (bb.byte << 1) | d; bb.bits++; }
      } else if (!c && pc) {
        if (bb.ackPhase) Object.assign(bb, { ackPull: false, ackPhase: false, bits: 0, byte: 0 });
        else if (bb.bits === 8) {
          if (bb.state === 'addr') {
            if ((bb.byte >> 1) === ssd.addr) Object.assign(bb, { ackPull: true, ackPhase: true, state: 'data' });
            else bb.state = 'idle';
          } else if (bb.state === 'data') Object.assign(bb, { ackPull: true, ackPhase: true });
        }
      }
      bb.sda = low(sda) || bb.ackPull ? 0 : 1;
      sda.setInputValue(!!bb.sda);
      scl.setInputValue(!!c);
      bb.busy = false;
    };
    sda.addListener(update);
    scl.addListener(update);
    sda.setInputValue(true);
    scl.setInputValue(true);
  }

  /** Press (true) or release (false) the button on GPIO ``pin``. */
  setButton(pin, down) { this.mcu.gpio[pin].setInputValue(!down); }

  /** Emulated nanoseconds since power-on. */
  get nanos() { return this.clock.nanos; }

  /** Run until emulated time ``untilNs`` or until ``wallMs`` of real time is spent. */
  run(untilNs, wallMs) {
    const { core, clock } = this;
    const t0 = performance.now();
    while (clock.nanos < untilNs) {
      for (let i = 0; i < 20000 && clock.nanos < untilNs; i++) {
        if (core.waiting) {
          const n = clock.nanosToNextAlarm;
          const room = untilNs - clock.nanos;
          clock.tick(n > 0 && n < room ? n : room);
        } else {
          const c = core.executeInstruction();
          this.busyCycles += c;
          clock.tick(c * CYCLE_NS);
        }
      }
      if (performance.now() - t0 >= wallMs) break;
    }
  }

  /** The piezo's tone in Hz (0: silent): its PWM slice's period while the pin is PWM and the duty non-zero. */
  tone() {
    if (this.buzzer < 0) return 0;
    const pin = this.mcu.gpio[this.buzzer];
    if (pin.functionSelect !== FUNC_PWM) return 0;
    const ch = this.mcu.pwm.channels[(this.buzzer >> 1) & 7];
    if (!(ch.csr & 1)) return 0;
    const duty = this.buzzer & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
    if (!duty) return 0;
    const div = ((ch.div >> 4) & 0xff || 256) + (ch.div & 15) / 16;
    const period = (ch.top + 1) * div * (ch.csr & 2 ? 2 : 1);
    return 125e6 / period;
  }

  /** The 4 KiB nvm sector as it is now. */
  nvm() { return this.mcu.flash.slice(this.nvmOffset, this.nvmOffset + 4096); }
}
