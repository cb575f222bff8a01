import type { Api } from './requests.js';

let serial = 0;
const next = () => `${Date.now().toString(36)}${(serial += 1)}`;

/** Creates records through the API itself, so fixtures obey the same rules as everything else. */
export function fixtures(api: Api) {
  const created = async (url: string, body: unknown) => {
    const answer = await api('POST', url, body);
    if (answer.status !== 201)
      throw new Error(`${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  return {
    driver: (name = 'Driver') => {
      const tag = next();
      return created('/api/drivers/create', {
        name: `${name} ${tag}`,
        email: `d${tag}@example.com`,
        phone: '9876543210',
        licenseNo: `LIC-${tag}`,
      });
    },
    vehicle: (capacity = 40) => {
      const tag = next().toUpperCase();
      return created('/api/vehicles/create', {
        licensePlate: `BUS${tag}`,
        model: 'Starbus',
        type: 'Bus',
        color: 'Yellow',
        capacity,
      });
    },
    route: (name = 'Route') =>
      created('/api/routes/create', {
        name: `${name} ${next()}`,
        startLocation: 'Depot',
        endLocation: 'School',
        distanceKm: 9.5,
        durationMin: 35,
      }),
    /** A family with `children` children; answers the children. */
    async children(children: number): Promise<Array<{ id: string; name: string }>> {
      const tag = next();
      const family = await created('/api/parents/create', {
        name: `Parent ${tag}`,
        email: `p${tag}@example.com`,
        phone: '9845011111',
        alternativePhone: '9845022222',
        address: 'Street 1',
        state: 'Karnataka',
        pinCode: '560001',
        children: Array.from({ length: children }, (_, i) => ({
          name: `Child ${tag}-${i + 1}`,
          class: '4',
          rollNo: String(i + 1),
          pickupAndDropLat: 12.9,
          pickupAndDropLng: 77.6,
        })),
      });
      return family.students;
    },
  };
}
