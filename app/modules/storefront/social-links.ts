/**
 * The footer's social links: one https address per network, on that network's own domain, so a
 * link labelled Instagram can only go to Instagram.
 */
export const SOCIAL_NETWORKS = [
  { id: "instagram", label: "Instagram", domains: ["instagram.com"] },
  { id: "facebook", label: "Facebook", domains: ["facebook.com", "fb.com"] },
  { id: "tiktok", label: "TikTok", domains: ["tiktok.com"] },
  { id: "youtube", label: "YouTube", domains: ["youtube.com", "youtu.be"] },
  { id: "whatsapp", label: "WhatsApp", domains: ["wa.me", "whatsapp.com"] },
  { id: "x", label: "X (Twitter)", domains: ["x.com", "twitter.com"] },
  { id: "pinterest", label: "Pinterest", domains: ["pinterest.com"] },
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]["id"];
export type SocialLinkValue = { network: string; url: string };

export const SOCIAL_URL_MAX = 300;

export function socialLabel(network: string): string {
  return SOCIAL_NETWORKS.find((n) => n.id === network)?.label ?? network;
}

/** Why `value` is not a link to `network`, or null. */
export function socialLinkProblem(network: SocialNetwork, value: string): string | null {
  const spec = SOCIAL_NETWORKS.find((n) => n.id === network)!;
  if (value.length > SOCIAL_URL_MAX) return `Keep the address under ${SOCIAL_URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `Write the full address, such as https://${spec.domains[0]}/yourshop`;
  }
  if (url.protocol !== "https:") return "The address must start with https://";
  if (url.username || url.password || url.port) return `Write a plain ${spec.label} address`;
  const host = url.hostname.toLowerCase();
  if (!spec.domains.some((d) => host === d || host.endsWith(`.${d}`)))
    return `A ${spec.label} link must be on ${spec.domains.join(" or ")}`;
  return null;
}

/** The posted social fields (social_instagram ...) as the stored list, in the networks' order; or each field's message. */
export function readSocialLinks(
  form: Record<string, string>,
): { ok: true; links: SocialLinkValue[] } | { ok: false; errors: Record<string, string> } {
  const links: SocialLinkValue[] = [];
  const errors: Record<string, string> = {};
  for (const n of SOCIAL_NETWORKS) {
    const value = (form[`social_${n.id}`] ?? "").trim();
    if (!value) continue;
    const problem = socialLinkProblem(n.id, value);
    if (problem) errors[`social_${n.id}`] = problem;
    else links.push({ network: n.id, url: value });
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, links };
}
