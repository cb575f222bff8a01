import { sql } from 'drizzle-orm';
import { ownSorts } from '../../../db/list-queries.js';
import { parents, students, users } from '../../../db/schema/index.js';
import { accountStateColumns } from '../../platform/accounts/index.js';
import { accountResource, accountSort } from '../../platform/resources/index.js';

/** A parent is a person with an account (role parent): name and e-mail live on the user. */
export const parentResource = accountResource(parents, 'parent', {
  searchColumns: [parents.phone],
  sorts: {
    name: accountSort(parents, 'parent', users.name),
    email: accountSort(parents, 'parent', users.email),
    ...ownSorts(parents, { createdAt: [parents.createdAt] }),
  },
  extraColumns: {
    // A correlated count uses the parent_id index per row of the page, instead of grouping every student.
    childrenCount: sql<number>`(select count(*)::int from ${students} where ${students.parentId} = ${parents.id})`,
    // Whether the parent can sign in to the parent portal (accounts/role-account-service.ts).
    ...accountStateColumns,
  },
});
export type ParentRow = NonNullable<Awaited<ReturnType<typeof parentResource.find>>>;
