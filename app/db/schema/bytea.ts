import { customType } from "drizzle-orm/pg-core";

/** Binary bytes as a Buffer from either driver: a column type the modules' tables share (images, kept uploads). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
