/**
 * The key a client's address is counted under. IPv4 as it is; IPv6 by its /64 network, since one
 * home or phone is handed a whole /64 and could otherwise change address on every request.
 */
export function addressKey(address: string): string {
  const ip = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(":")) return ip;
  const [head, tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The header our HTTP server sets to the client's address (overwriting anything the client sent). */
export const CLIENT_IP_HEADER = "x-shop-client-ip";
