import type { AddressesQuery, CustomerAddress, EditableAddressType, SaveAddressRequest } from '@portal/schema/settings';
import type { Database } from '../../platform/database.ts';
import { addressRepository } from './address-repository.ts';
import type { CustomerScope } from '../../platform/actor.ts';

/** The acting customer's usage places (from contracts) and the postal and billing addresses they keep. */
export async function listAddresses(db: Database, scope: CustomerScope, query: AddressesQuery, today: string): Promise<CustomerAddress[]> {
  const { requestType, isWithActiveContractOnly } = query;
  const usage =
    !requestType || requestType === 'usage' ? await addressRepository.usagePlaces(db, scope, today, isWithActiveContractOnly) : [];
  const kept = requestType === 'usage' ? [] : await addressRepository.kept(db, scope, requestType);
  return [...usage, ...kept];
}

/** Replaces the postal or billing address, and answers it as saved. */
export async function saveAddress(
  db: Database,
  scope: CustomerScope,
  requestType: EditableAddressType,
  fields: SaveAddressRequest,
  now: Date,
): Promise<CustomerAddress> {
  return db.transaction(async (tx) => {
    await addressRepository.save(tx, scope, requestType, fields, now);
    const [saved] = await addressRepository.kept(tx, scope, requestType);
    return saved!;
  });
}
