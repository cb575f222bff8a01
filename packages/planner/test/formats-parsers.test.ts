import { describe, expect, it } from 'vitest';
import { FormatError } from '../src/formats/benchmark-instance.js';
import { parseCvrplib } from '../src/formats/cvrplib.js';
import { parseSolomon } from '../src/formats/solomon.js';
import { benchmarkProblem } from '../src/formats/to-problem.js';

const TINY_VRP = `NAME : tiny-n4
COMMENT : (made up)
TYPE : CVRP
DIMENSION : 4
EDGE_WEIGHT_TYPE : EUC_2D
CAPACITY : 10
NODE_COORD_SECTION
 1 0 0
 2 3 4
 3 1 1
 4 6 8
DEMAND_SECTION
1 0
2 4
3 5
4 6
DEPOT_SECTION
 1
 -1
EOF
`;

const TINY_SOLOMON = `TINY

VEHICLE
NUMBER     CAPACITY
  2         50

CUSTOMER
CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME

    0      0         0          0          0       100          0
    1      3         4         10          5        20          2
    2      1         1         20          0        50          3
`;

describe('CVRPLIB parser', () => {
  it('reads name, capacity, coordinates, demands and the depot', () => {
    const instance = parseCvrplib(TINY_VRP);
    expect(instance).toMatchObject({
      kind: 'cvrp',
      name: 'tiny-n4',
      capacity: 10,
      depot: 0,
      ids: [1, 2, 3, 4],
    });
    expect([...instance.x]).toEqual([0, 3, 1, 6]);
    expect([...instance.demand]).toEqual([0, 4, 5, 6]);
  });

  it('rounds each distance to the nearest integer', () => {
    const problem = benchmarkProblem(parseCvrplib(TINY_VRP));
    expect(problem.cost[0 * 4 + 1]).toBe(5);
    expect(problem.cost[0 * 4 + 2]).toBe(1); // √2 rounds down
    expect(problem.cost[1 * 4 + 3]).toBe(5);
    expect(problem.maxVehicles).toBeUndefined();
  });

  it('takes the fleet from the "-kN" of the name, as the best known costs do', () => {
    const instance = parseCvrplib(TINY_VRP.replace('tiny-n4', 'tiny-n4-k2'));
    expect(instance.vehicles).toBe(2);
    expect(benchmarkProblem(instance).maxVehicles).toBe(2);
    expect(parseCvrplib(TINY_VRP).vehicles).toBeUndefined();
  });

  it('rejects a file without a depot or with another distance type', () => {
    expect(() => parseCvrplib(TINY_VRP.replace(' 1\n -1', ' -1'))).toThrow(FormatError);
    expect(() => parseCvrplib(TINY_VRP.replace('EUC_2D', 'GEO'))).toThrow(/EUC_2D/);
    expect(() => parseCvrplib(TINY_VRP.replace('4 6\nDEPOT', 'DEPOT'))).toThrow(/no demand/);
  });
});

describe('Solomon parser', () => {
  it('reads fleet, windows and service times', () => {
    const instance = parseSolomon(TINY_SOLOMON);
    expect(instance).toMatchObject({ kind: 'vrptw', name: 'TINY', vehicles: 2, capacity: 50, depot: 0 });
    expect([...instance.ready!]).toEqual([0, 5, 0]);
    expect([...instance.due!]).toEqual([100, 20, 50]);
    expect([...instance.service!]).toEqual([0, 2, 3]);
  });

  it('keeps distances unrounded and the fleet as a limit', () => {
    const problem = benchmarkProblem(parseSolomon(TINY_SOLOMON));
    expect(problem.cost[0 * 3 + 2]).toBeCloseTo(Math.SQRT2, 12);
    expect(problem.maxVehicles).toBe(2);
    expect(problem.time).toBeUndefined();
  });

  it('rejects a malformed customer line', () => {
    expect(() => parseSolomon(TINY_SOLOMON.replace('20          0', '20'))).toThrow(FormatError);
    expect(() => parseSolomon('TINY\n')).toThrow(FormatError);
  });
});
