/** A benchmark instance as read from its file: node 0 … n − 1 in file order, with the numbers the file gives them. */
export interface BenchmarkInstance {
  kind: 'cvrp' | 'vrptw';
  name: string;
  /** The number each node has in the file. */
  ids: number[];
  depot: number;
  x: Float64Array;
  y: Float64Array;
  demand: Float64Array;
  capacity: number;
  /** At most this many routes (Solomon's fleet; CVRPLIB's k). */
  vehicles?: number;
  /** Solomon only: service times and windows. */
  service?: Float64Array;
  ready?: Float64Array;
  due?: Float64Array;
}

export class FormatError extends Error {}

export function euclidean(instance: BenchmarkInstance, i: number, j: number): number {
  return Math.hypot(instance.x[i]! - instance.x[j]!, instance.y[i]! - instance.y[j]!);
}

/** The distance the instance's class is scored with: rounded per edge for CVRPLIB, exact for Solomon. */
export function benchmarkDistance(instance: BenchmarkInstance, i: number, j: number): number {
  const exact = euclidean(instance, i, j);
  return instance.kind === 'cvrp' ? Math.round(exact) : exact;
}
