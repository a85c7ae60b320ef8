// A watcher thread: while main's heartbeat (a shared Int32 of ms) is late by over 5 ms, samples main's
// /proc task state, wchan and syscall; prints a summary of what main was doing in its late spells.
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const beat = new Float64Array(workerData.sab);
const tid = workerData.tid; const pid = process.pid;
const seen = new Map();
function rd(p) { try { return readFileSync(p, 'utf8').trim(); } catch (e) { return '?'; } }
setInterval(() => {
  const late = performance.timeOrigin + performance.now() - beat[0];
  if (beat[0] > 0 && late > 5) {
    const stat = rd(`/proc/${pid}/task/${tid}/stat`); const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    const key = `${state} wchan=${rd(`/proc/${pid}/task/${tid}/wchan`)} syscall=${rd(`/proc/${pid}/task/${tid}/syscall`).split(' ').slice(0, 2).join(' ')}`;
    seen.set(key, (seen.get(key) || 0) + 1);
  }
}, 1);
parentPort.on('message', () => { parentPort.postMessage([...seen].sort((a, b) => b[1] - a[1]).slice(0, 12)); });
