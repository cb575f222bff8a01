import type { Student } from '@school-transport/shared';

/** What the people running a route need to know of a child: class, parent and where to pick them up. */
export function riderDetails(student: Pick<Student, 'class' | 'parent' | 'pickupDropAddress'>): string {
  const pickup = student.pickupDropAddress ? `Pickup: ${student.pickupDropAddress}` : 'No pickup address';
  return `Class ${student.class} · Parent: ${student.parent.user.name} · ${pickup}`;
}
