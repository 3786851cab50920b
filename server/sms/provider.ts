/**
 * Where text messages go. The built-in provider writes them to the outbox table (sys_sms_outbox, an entity
 * schema with a read-only screen for staff holding `system:smsOutbox:list`), so a platform without an SMS
 * contract still works: staff read the code to the person. A real gateway implements the same interface.
 */
import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { insertRow } from '../entity/repository.ts';

export type SmsMode = '0' | '1' | '2';

export interface SmsMessage {
  mobile: string;
  mode: SmsMode;
  content: string;
  /** The tenant whose staff may read the message in the outbox. */
  tenantId: number;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';

  constructor(
    private readonly db: Kysely<SystemTables>,
    private readonly outbox: EntityRuntime,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await insertRow(this.db, this.outbox, {
      id: newId(),
      mobile: message.mobile,
      smsMode: message.mode,
      content: message.content,
      provider: this.name,
      createBy: 'system',
      tenant_id: message.tenantId,
    });
  }
}
