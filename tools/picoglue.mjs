// Runs ../shared/picoemu/picoemu.mjs with one fix to rp2040js: a write to RESETS that puts
// I2C0/I2C1 in reset brings the peripheral back to its reset state, as the RP2040 does.
//     RP2040JS=tools/node_modules/rp2040js node tools/picoglue.mjs ../shared/picoemu/picoemu.mjs [options]
// CircuitPython releases an I2C bus that way (the pico-sdk's i2c_deinit): without it a
// bus made again after a soft reload reads as "I2C peripheral in use".
import path from 'path';
import { pathToFileURL } from 'url';

const rpjs = process.env.RP2040JS;
const esm = (p) => pathToFileURL(path.join(rpjs, 'dist/esm', p)).href;
const { RPReset } = await import(esm('peripherals/reset.js'));
const { RPI2C } = await import(esm('peripherals/i2c.js'));
const KEEP = new Set(['rp2040', 'name', 'irq', 'onStart', 'onConnect', 'onWriteByte', 'onReadByte', 'onStop']);
const RESET_I2C = [1 << 3, 1 << 4];
const write = RPReset.prototype.writeUint32;
RPReset.prototype.writeUint32 = function (offset, value) {
  if ((offset & 0xfff) === 0) {
    RESET_I2C.forEach((bit, n) => {
      if (value & bit && !(this.reset & bit)) {
        const i2c = this.rp2040.i2c[n];
        const fresh = new RPI2C(this.rp2040, i2c.name, i2c.irq);
        for (const k of Object.keys(fresh)) if (!KEEP.has(k)) i2c[k] = fresh[k];
      }
    });
  }
  return write.call(this, offset, value);
};
const runner = process.argv.splice(2, 1)[0];
await import(pathToFileURL(path.resolve(runner)).href);
