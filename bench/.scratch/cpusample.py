# Samples every process's CPU time (utime+stime) every 0.25 s while a command runs; sums by class.
import os, sys, time, subprocess, collections
HZ = os.sysconf('SC_CLK_TCK')
seen = {}  # pid -> (class, ticks)
def klass(pid):
    try:
        cmd = open(f'/proc/{pid}/cmdline','rb').read().replace(b'\0',b' ').decode(errors='replace')
    except Exception:
        return None
    if 'chrom' in cmd or 'headless_shell' in cmd:
        for t in ('--type=renderer','--type=gpu-process','--type=utility','--type=zygote'):
            if t in cmd: return 'chromium ' + t.split('=')[1]
        return 'chromium browser'
    if 'node' in cmd or 'tsx' in cmd: return 'node ' + ' '.join(a.split('/')[-1] for a in cmd.split()[1:6])[:110]
    if 'postgres' in cmd: return 'postgres'
    return cmd.split(' ')[0].split('/')[-1][:40]
def sample():
    for d in os.listdir('/proc'):
        if not d.isdigit(): continue
        pid = int(d)
        try:
            f = open(f'/proc/{pid}/stat').read()
            parts = f[f.rfind(')')+2:].split()
            ticks = int(parts[11]) + int(parts[12]) + int(parts[13]) + int(parts[14])  # incl. waited-for children
            ticks = int(parts[11]) + int(parts[12])
        except Exception:
            continue
        if pid not in seen:
            c = klass(pid)
            if c is None: continue
            seen[pid] = [c, ticks, ticks]
        else:
            seen[pid][2] = ticks
start = time.time()
sample()
base = {pid: v[2] for pid, v in seen.items()}
p = subprocess.Popen(sys.argv[1:])
while p.poll() is None:
    sample(); time.sleep(0.25)
sample()
tot = collections.Counter()
for pid, (c, first, last) in seen.items():
    tot[c] += (last - base.get(pid, 0)) / HZ if pid in base else last / HZ
wall = time.time() - start
print(f'wall {wall:.1f}s  cpu total {sum(tot.values()):.1f}s')
for c, s in tot.most_common(25):
    if s > 0.2: print(f'{s:8.1f}s  {c}')
