// Published TSPTW instances (bench/planner/tsptw, see its README) as route-planner requests, and a
// replay of each plan that trusts nothing the planner says about itself.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every instance with its best-known tour length, in the order of best-known.tsv. */
export function listInstances(directory) {
  const rows = readFileSync(path.join(directory, 'best-known.tsv'), 'utf8').trim().split('\n').slice(1);
  return rows.map((row) => {
    const [name, family, n, bestKnown] = row.split('\t');
    const width = Number(/w(\d+)/.exec(name)[1]);
    return { name, family, n: Number(n), width, bestKnown: Number(bestKnown), file: path.join(directory, family, `${name}.tsptw`) };
  });
}

/** Instance files present (a check that best-known.tsv and the folders agree). */
export function instanceFiles(directory) {
  return ['Dumas', 'Gendreau', 'Ohlmann'].flatMap((family) =>
    readdirSync(path.join(directory, family))
      .filter((file) => file.endsWith('.tsptw'))
      .map((file) => path.join(family, file)),
  );
}

/** Parses a TSPLIB-style .tsptw file: the full matrix and each node's window (node 0 is the depot). */
export function parseInstance(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  let dimension = 0;
  let format = '';
  let section = '';
  const weights = [];
  const open = [];
  const close = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line === 'EOF') continue;
    const header = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (header) {
      if (header[1] === 'DIMENSION') dimension = Number(header[2]);
      if (header[1] === 'EDGE_WEIGHT_FORMAT') format = header[2];
      continue;
    }
    if (/^[A-Z_]+$/.test(line)) {
      section = line;
      continue;
    }
    const numbers = line.split(/\s+/).map(Number);
    if (section === 'EDGE_WEIGHT_SECTION') weights.push(...numbers);
    else if (section === 'TIME_WINDOW_SECTION') {
      open[numbers[0] - 1] = numbers[1];
      close[numbers[0] - 1] = numbers[2];
    }
  }
  const matrix = new Float64Array(dimension * dimension);
  if (format === 'LOWER_DIAG_ROW') {
    let index = 0;
    for (let row = 0; row < dimension; row++) {
      for (let column = 0; column <= row; column++) {
        matrix[row * dimension + column] = weights[index];
        matrix[column * dimension + row] = weights[index];
        index++;
      }
    }
  } else if (format === 'FULL_MATRIX') {
    for (let index = 0; index < dimension * dimension; index++) matrix[index] = weights[index];
  } else {
    throw new Error(`${file}: unsupported EDGE_WEIGHT_FORMAT ${format}`);
  }
  return { dimension, matrix, open, close };
}

/**
 * The instance as an open-path plan (the README's recipe): leave the depot at its opening, visits
 * take 0 minutes, and a copy of the depot is one more stop whose window opens once every customer
 * has closed, so the path that ends there is the closed tour.
 */
export function asMatrixRequest(instance) {
  const { dimension, matrix, open, close } = instance;
  const size = dimension + 1;
  const minutes = new Float64Array(size * size);
  const of = (node) => (node === dimension ? 0 : node);
  for (let from = 0; from < size; from++)
    for (let to = 0; to < size; to++) minutes[from * size + to] = from === to ? 0 : matrix[of(from) * dimension + of(to)];
  const lastClose = Math.max(...close.slice(1));
  const opensAt = [...open, Math.min(lastClose + 1, close[0])];
  const closesAt = [...close, close[0]];
  return { minutes, opensAt, closesAt, startAt: open[0], minutesPerStop: 0 };
}

/**
 * Replays `order` (the planned nodes, start point excluded) on the original instance: is it a
 * closed tour through every customer, on time at each, and how long is it.
 */
export function replay(instance, order) {
  const { dimension, matrix, open, close } = instance;
  const depotCopy = dimension;
  const problems = [];
  const seen = new Set();
  for (const node of order) {
    if (seen.has(node)) problems.push(`node ${node} twice`);
    seen.add(node);
  }
  for (let node = 1; node <= dimension; node++)
    if (!seen.has(node)) problems.push(`node ${node === depotCopy ? 'depot (return)' : node + 1} left out`);
  if (order[order.length - 1] !== depotCopy) problems.push('does not end at the depot');
  let at = 0;
  let time = open[0];
  let length = 0;
  for (const stop of order) {
    const node = stop === depotCopy ? 0 : stop;
    const drive = matrix[at * dimension + node];
    length += drive;
    time = Math.max(time + drive, open[node]);
    if (time > close[node]) problems.push(`late at node ${node + 1} (${time} > ${close[node]})`);
    at = node;
  }
  return { feasible: problems.length === 0, length, problems, visited: order.filter((node) => node !== depotCopy).length };
}

/** Reads a TSPLIB .tour file: the nodes in order, 0-based (the depot, 0, first). */
export function parseTour(file) {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim());
  const start = lines.indexOf('TOUR_SECTION');
  const nodes = [];
  for (const line of lines.slice(start + 1)) {
    const node = Number(line);
    if (node === -1 || line === 'EOF' || line === '') break;
    nodes.push(node - 1);
  }
  return nodes;
}

/**
 * The instance with every customer's window narrowed around the time the best-known tour visits
 * it (`slack` before, `slack` after, within the original window): a complete route is known (that
 * tour), and the narrower the windows, the fewer others there are. A test of "visit them all".
 */
export function narrowedAround(instance, tour, slack, { opens = true } = {}) {
  const { dimension, matrix, open, close } = instance;
  const narrowedOpen = [...open];
  const narrowedClose = [...close];
  let at = 0;
  let time = open[0];
  for (const node of tour.slice(1)) {
    time = Math.max(time + matrix[at * dimension + node], open[node]);
    if (opens) narrowedOpen[node] = Math.max(open[node], time - slack);
    narrowedClose[node] = Math.min(close[node], time + slack);
    at = node;
  }
  return { dimension, matrix, open: narrowedOpen, close: narrowedClose };
}
