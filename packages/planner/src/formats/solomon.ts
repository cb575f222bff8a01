import { type BenchmarkInstance, FormatError } from './benchmark-instance.js';

/**
 * Reads Solomon's VRPTW text format: the name, a VEHICLE block (number, capacity), then a CUSTOMER block with one
 * line per customer (number, x, y, demand, ready time, due date, service time); customer 0 is the depot.
 */
export function parseSolomon(text: string): BenchmarkInstance {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const name = lines[0];
  const vehicleAt = lines.findIndex((line) => line.toUpperCase() === 'VEHICLE');
  const customerAt = lines.findIndex((line) => line.toUpperCase() === 'CUSTOMER');
  if (name === undefined || vehicleAt < 0 || customerAt < vehicleAt) {
    throw new FormatError('expected a name, a VEHICLE block and a CUSTOMER block');
  }
  const fleet = (lines[vehicleAt + 2] ?? '').split(/\s+/).map(Number);
  const [vehicles, capacity] = fleet;
  if (fleet.length !== 2 || !(vehicles! > 0) || !(capacity! > 0)) {
    throw new FormatError('the VEHICLE block needs a positive number and capacity');
  }
  const rows = lines.slice(customerAt + 2).map((line) => {
    const row = line.split(/\s+/).map(Number);
    if (row.length !== 7 || row.some((value) => !Number.isFinite(value))) {
      throw new FormatError(`expected 7 numbers in customer line "${line}"`);
    }
    return row;
  });
  const depot = rows.findIndex((row) => row[0] === 0);
  if (depot < 0) throw new FormatError('customer 0 (the depot) is missing');
  const column = (index: number) => Float64Array.from(rows, (row) => row[index]!);
  return {
    kind: 'vrptw',
    name,
    ids: rows.map((row) => row[0]!),
    depot,
    x: column(1),
    y: column(2),
    demand: column(3),
    capacity: capacity!,
    vehicles,
    ready: column(4),
    due: column(5),
    service: column(6),
  };
}
