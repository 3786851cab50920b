/**
 * Menu entries shown to customers only under a condition on their customer (`menu.customerWhen` in an entity
 * schema, e.g. 垫付还款 for shippers settling by 垫付): which menu components the caller does not get. Platform staff
 * get every entry; a customer user without a current customer gets none of the conditional ones.
 */
import { sql } from 'kysely';
import type { AppContext, Caller } from '../context.ts';
import { STAFF_USER_TYPE } from '../entity/data-scope.ts';

export async function hiddenMenuComponents(ctx: AppContext, caller: Caller): Promise<Set<string>> {
  const hidden = new Set<string>();
  if (caller.userType === STAFF_USER_TYPE) return hidden;
  const conditional = ctx.entities.filter((e) => e.schema.menu?.customerWhen);
  if (conditional.length === 0) return hidden;
  const customers = ctx.entities.find((e) => e.schema.name === 'hyCustomer');
  const fields = [...new Set(conditional.flatMap((e) => Object.keys(e.schema.menu!.customerWhen!)))];
  let customer: Record<string, unknown> | undefined;
  if (customers && caller.customerId && fields.every((field) => customers.columns.has(field))) {
    const select = sql.join(fields.map((field) => sql`${sql.id(customers.columns.get(field)!)}::text as ${sql.id(field)}`));
    const found = await sql<Record<string, unknown>>`select ${select} from ${sql.id(customers.schema.table)}
      where tenant_id = ${caller.tenantId} and id = ${caller.customerId}`.execute(ctx.db);
    customer = found.rows[0];
  }
  for (const { schema } of conditional) {
    const when = schema.menu!.customerWhen!;
    const shown = customer !== undefined && Object.entries(when).every(([field, values]) => values.includes(String(customer![field] ?? '')));
    if (!shown) hidden.add(schema.menu!.component);
  }
  return hidden;
}
