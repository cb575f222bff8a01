import { readFileSync } from 'node:fs';
import { type BenchmarkInstance, FormatError } from '../formats/benchmark-instance.js';
import { parseCvrplib } from '../formats/cvrplib.js';
import { parseSolomon } from '../formats/solomon.js';

export type InstanceKind = BenchmarkInstance['kind'];

export function isInstanceKind(value: string | undefined): value is InstanceKind {
  return value === 'cvrp' || value === 'vrptw';
}

/** Reads and parses a benchmark file; a missing or malformed file is a FormatError naming the file. */
export function readInstance(kind: InstanceKind, file: string): BenchmarkInstance {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FormatError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return kind === 'cvrp' ? parseCvrplib(text) : parseSolomon(text);
  } catch (error) {
    if (error instanceof FormatError) throw new FormatError(`${file}: ${error.message}`);
    throw error;
  }
}
