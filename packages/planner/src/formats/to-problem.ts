import type { RoutingProblem } from '../solver/problem.js';
import { type BenchmarkInstance, benchmarkDistance } from './benchmark-instance.js';

/** The routing problem a benchmark instance stands for, scored as its class is (see benchmarkDistance). */
export function benchmarkProblem(instance: BenchmarkInstance): RoutingProblem {
  const size = instance.ids.length;
  const cost = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) cost[i * size + j] = benchmarkDistance(instance, i, j);
  }
  return {
    name: instance.name,
    size,
    depot: instance.depot,
    cost,
    demand: instance.demand,
    capacity: instance.capacity,
    serviceTime: instance.service,
    readyTime: instance.ready,
    dueTime: instance.due,
    maxVehicles: instance.vehicles,
  };
}
