/** What a run of test:compose reports: each check, each figure, and the load's figures. */
export const started = Date.now();
export const failures = [];
export const figures = [];
export const say = (line) => process.stdout.write(`[compose ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
export const check = (ok, what) => {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
export const figure = (line) => {
  figures.push(line);
  say(`figure: ${line}`);
};

export const pct = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
export const describeLoad = (stats) =>
  `${stats.requests} requests in ${stats.seconds.toFixed(0)} s (${(stats.requests / stats.seconds).toFixed(0)}/s), ${stats.failed} failed` +
  `${stats.failed ? ` ${JSON.stringify(stats.byStatus)}` : ''}, p50 ${pct(stats.latencies, 50).toFixed(0)} ms, p99 ${pct(stats.latencies, 99).toFixed(0)} ms, max ${pct(stats.latencies, 100).toFixed(0)} ms`;
