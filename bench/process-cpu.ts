import { readdirSync, readFileSync } from 'node:fs';

// /proc reports CPU time in USER_HZ ticks, which Linux fixes at 100 per second for user space.
const TICKS_PER_SECOND = 100;

interface ProcStat {
  ppid: number;
  ticks: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name sits in parentheses and may itself contain spaces or parentheses.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by a process and all its descendants (the tsx launcher runs the server in a child
 * process), or null where /proc is not available.
 */
export function processTreeCpuSeconds(rootPid: number): number | null {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return null;
  }
  const stats = new Map<number, ProcStat>();
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  if (!stats.has(rootPid)) return null;
  let ticks = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) pending.push(child);
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * CPU seconds the whole machine has spent busy (all cores, time stolen by a hypervisor included), or null where
 * /proc/stat is not available. Compared with the server's and the loader's own use, it shows other work.
 */
export function machineBusyCpuSeconds(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    return (
      ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) /
      TICKS_PER_SECOND
    );
  } catch {
    return null;
  }
}
