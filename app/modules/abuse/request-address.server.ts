import { addressKey, CLIENT_IP_HEADER } from "./client-address";

/**
 * The client's address as server/app.ts resolved it (TRUST_PROXY aware) and wrote into
 * CLIENT_IP_HEADER, replacing anything the client sent under that name. Never X-Forwarded-For.
 */
export function requestAddress(request: Request): string {
  return addressKey(request.headers.get(CLIENT_IP_HEADER) ?? "unknown");
}
