/**
 * The loop of a sign-in bench's client process: `parallel` callers run `flow` over and over for
 * `seconds` after `warmupSeconds` uncounted, each with the next username in turn, and it prints
 * (stdout, JSON) the counted flows per second, their p50 and p95 latency, this process's CPU time
 * per counted flow (its share of the machine's two cores) and every flow run, warm-up included.
 */
export interface LoopSettings {
  usernames: string[];
  parallel: number;
  seconds: number;
  warmupSeconds: number;
}

export async function runFlows(settings: LoopSettings, flow: (username: string) => Promise<void>): Promise<void> {
  const latencies: number[] = [];
  let counted = 0;
  let flows = 0;
  // This process's own CPU time over the counted window.
  let cpuFrom: NodeJS.CpuUsage | undefined;
  setTimeout(() => {
    cpuFrom = process.cpuUsage();
  }, settings.warmupSeconds * 1000);
  let next = 0;
  const from = performance.now() + settings.warmupSeconds * 1000;
  const end = from + settings.seconds * 1000;
  await Promise.all(
    Array.from({ length: settings.parallel }, async () => {
      for (let now = performance.now(); now < end; ) {
        const started = performance.now();
        await flow(settings.usernames[next++ % settings.usernames.length] ?? '');
        flows++;
        now = performance.now();
        if (started >= from) {
          counted++;
          latencies.push(now - started);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  const cpu = process.cpuUsage(cpuFrom);
  process.stdout.write(
    JSON.stringify({
      flowsPerSecond: counted / ((performance.now() - from) / 1000),
      p50: at(0.5),
      p95: at(0.95),
      clientCpuMsPerFlow: (cpu.user + cpu.system) / 1000 / Math.max(1, counted),
      flows,
    }),
  );
}
