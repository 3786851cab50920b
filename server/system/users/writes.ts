/** The users' uniqueness rules, for server/system/customers (which adds a shipper's login user). */
export { PHONE_TAKEN, USERNAME_TAKEN, valueTaken } from '../../domains/system/user-writes.ts';
