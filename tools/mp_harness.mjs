// Run Python code under real MicroPython (the WebAssembly port, 32-bit objects) in Node,
// with the project's lib/ mounted as /lib, and report stdout and heap readings.
//
// Used through tools/mpwasm.py; not meant to be run by hand. Protocol: one JSON job on
// stdin, one JSON answer on stdout.
//
// Job:    {lib: "/abs/path/to/lib" | null, heapsize: bytes | null, setup: "python source",
//          steps: ["python source", ...], loop: "function name" | null, max_steps: n,
//          measure: true, pystack: words | null}
// Answer: {ok, error, error_at, stdout, heap_total, base, room0, setup: [live_before, alloc, live_after,
//          room_after], steps: [[live_before, alloc, returned, room_after], ...]}
//          (returned: a loop call's bool/int as a number, else null; room: see room() below)
//
// Heap readings are gc.mem_alloc() called from JS through the module proxy (no Python source is
// compiled to read them). This port never collects garbage while one call into Python runs (its
// heap grows instead), so for each step: live_before is mem_alloc right after a gc.collect() made
// between calls, and alloc is mem_alloc after the step minus live_before: everything the step
// allocated. live_before + alloc is therefore an upper bound of the heap in use during the step.
// A step given as source is compiled by runPython, so its alloc includes the compiled code; a
// `loop` function is called directly through the proxy and its alloc is only what it allocates
// (it must return a bool/int/None: a returned object would stay referenced by the proxy).

import fs from "fs";
import path from "path";

function readStdin() {
  return fs.readFileSync(0, "utf8");
}

function copyTree(FS, src, dst) {
  // Copy the .py (and .mpy) files under src into the emscripten FS at dst.
  try { FS.mkdir(dst); } catch (e) { /* exists */ }
  for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, ent.name);
    const d = dst + "/" + ent.name;
    if (ent.isDirectory()) {
      if (ent.name === "__pycache__" || ent.name.startsWith(".")) continue;
      copyTree(FS, s, d);
    } else if (ent.name.endsWith(".py") || ent.name.endsWith(".mpy")) {
      FS.writeFile(d, fs.readFileSync(s));
    }
  }
}

async function main() {
  const job = JSON.parse(readStdin());
  let mod;
  try {
    mod = await import("@micropython/micropython-webassembly-pyscript");
  } catch (e) {
    process.stdout.write(JSON.stringify({ ok: false, missing: true,
      error: "cannot load @micropython/micropython-webassembly-pyscript (run bash tools/setup.sh): " + e.message }));
    return;
  }
  const out = [];
  const sink = (c) => { for (const b of c) out.push(b); };
  const opts = { stdout: sink, stderr: sink, linebuffer: false };
  if (job.heapsize) opts.heapsize = job.heapsize;
  if (job.pystack) opts.pystack = job.pystack;  // in words (4 bytes); the port's default: 2048
  const mp = await mod.loadMicroPython(opts);
  const ans = { ok: true, error: null, error_at: null, stdout: "", base: 0, setup: null, steps: [] };
  const stdoutText = () => Buffer.from(out).toString("utf8");
  let where = "init";
  try {
    if (job.lib) {
      copyTree(mp.FS, job.lib, "/lib");
      mp.runPython("import sys\nsys.path.append('/lib')\ndel sys");
    }
    const gc = mp.pyimport("gc");
    const measure = job.measure !== false;
    const live = () => { if (measure) { gc.collect(); return gc.mem_alloc(); } return 0; };
    const alloc = () => (measure ? gc.mem_alloc() : 0);
    // mem_alloc() + mem_free() is the heap's size plus a constant (mem_free() includes the
    // room the heap may still grow by); read after a step, before any collection, it shows
    // whether the step outgrew the heap (the port grows its heap instead of collecting).
    const room = () => (measure ? gc.mem_alloc() + gc.mem_free() : 0);
    if (measure) {
      // the usable size of the GC heap as configured (mem_info prints "GC: total: N, ...")
      const mark = out.length;
      mp.pyimport("micropython").mem_info();
      const m = /total: (\d+)/.exec(Buffer.from(out.slice(mark)).toString("utf8"));
      out.length = mark;
      ans.heap_total = m ? parseInt(m[1]) : null;
    }
    where = "setup";
    const b0 = live();
    ans.base = b0;
    ans.room0 = room();
    mp.runPython(job.setup || "");
    const a0 = alloc();
    const r0 = room();
    ans.setup = [b0, a0 - b0, live(), r0];
    const steps = job.steps || [];
    for (let i = 0; i < steps.length; i++) {
      where = "step " + i;
      const before = live();
      mp.runPython(steps[i]);
      ans.steps.push([before, alloc() - before, null, room()]);
    }
    if (job.loop) {
      where = "loop " + job.loop;
      const fn = mp.globals.get(job.loop);
      if (typeof fn !== "function") throw new Error("no Python function named " + job.loop);
      const max = job.max_steps || 100000;
      let i = 0;
      for (;;) {
        if (i >= max) throw new Error("loop did not finish within " + max + " steps");
        where = "loop " + job.loop + " call " + i;
        const before = live();
        const more = fn();
        const ret = typeof more === "number" || typeof more === "boolean" ? Number(more) : null;
        ans.steps.push([before, alloc() - before, ret, room()]);
        i++;
        if (!more) break;
      }
    }
  } catch (e) {
    ans.ok = false;
    ans.error = (e && e.message) ? e.message : String(e);
    ans.error_at = where;
  }
  ans.stdout = stdoutText();
  process.stdout.write(JSON.stringify(ans));
}

main().catch((e) => {
  process.stdout.write(JSON.stringify({ ok: false, error: "harness: " + (e && e.stack ? e.stack : e) }));
});
