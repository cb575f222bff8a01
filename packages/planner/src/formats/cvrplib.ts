import { type BenchmarkInstance, FormatError } from './benchmark-instance.js';

/**
 * The fleet: a VEHICLES header when there is one, else the k of CVRPLIB's "-kN" names, which is the number of
 * vehicles the best known costs were found with (more vehicles could drive less).
 */
function fleetSize(headers: Map<string, string>, name: string): number | undefined {
  const stated = Number(headers.get('VEHICLES'));
  if (stated > 0) return stated;
  const fromName = /-k(\d+)$/.exec(name);
  return fromName ? Number(fromName[1]) : undefined;
}

/**
 * Reads a CVRPLIB (TSPLIB) `.vrp` file with EUC_2D coordinates: NAME, CAPACITY, NODE_COORD_SECTION,
 * DEMAND_SECTION and DEPOT_SECTION.
 */
export function parseCvrplib(text: string): BenchmarkInstance {
  const headers = new Map<string, string>();
  const coordinates = new Map<number, [number, number]>();
  const demands = new Map<number, number>();
  const depots: number[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line === 'EOF') continue;
    const header = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (header) {
      headers.set(header[1]!, header[2]!.trim());
      section = '';
      continue;
    }
    if (/^[A-Z_]+$/.test(line)) {
      section = line;
      continue;
    }
    const numbers = line.split(/\s+/).map(Number);
    if (numbers.some((value) => !Number.isFinite(value)))
      throw new FormatError(`not a number in line "${line}"`);
    if (section === 'NODE_COORD_SECTION' && numbers.length === 3) {
      coordinates.set(numbers[0]!, [numbers[1]!, numbers[2]!]);
    } else if (section === 'DEMAND_SECTION' && numbers.length === 2) demands.set(numbers[0]!, numbers[1]!);
    else if (section === 'DEPOT_SECTION') depots.push(...numbers.filter((id) => id >= 0));
    else throw new FormatError(`unexpected line "${line}"${section ? ` in ${section}` : ''}`);
  }

  const weightType = headers.get('EDGE_WEIGHT_TYPE');
  if (weightType !== undefined && weightType !== 'EUC_2D') {
    throw new FormatError(`EDGE_WEIGHT_TYPE ${weightType} is not supported (EUC_2D only)`);
  }
  const capacity = Number(headers.get('CAPACITY'));
  if (!(capacity > 0)) throw new FormatError('CAPACITY is missing or not positive');
  if (coordinates.size === 0) throw new FormatError('NODE_COORD_SECTION is missing or empty');
  const ids = [...coordinates.keys()];
  for (const id of ids) if (!demands.has(id)) throw new FormatError(`node ${id} has no demand`);
  if (depots.length !== 1) throw new FormatError('DEPOT_SECTION must name exactly one depot');
  const depot = ids.indexOf(depots[0]!);
  if (depot < 0) throw new FormatError(`depot ${depots[0]} has no coordinates`);

  const name = headers.get('NAME') ?? 'unnamed';
  return {
    kind: 'cvrp',
    name,
    vehicles: fleetSize(headers, name),
    ids,
    depot,
    x: Float64Array.from(ids, (id) => coordinates.get(id)![0]),
    y: Float64Array.from(ids, (id) => coordinates.get(id)![1]),
    demand: Float64Array.from(ids, (id, index) => (index === depot ? 0 : demands.get(id)!)),
    capacity,
  };
}
