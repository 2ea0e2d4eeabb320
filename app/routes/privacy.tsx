import { PolicyPage } from "~/components/layout/policy-page";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Privacy Policy", description: "What we collect, why, and how we protect it.", path: "/privacy" });

export default function Privacy() {
  const shop = useRootData()?.shop;
  const brand = shop?.brandName ?? "Kapra";
  return (
    <PolicyPage title="Privacy Policy" updated="November 2026">
      <p>{brand} sells clothing online in Pakistan. This page explains what personal information we keep and why.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Your name, e-mail, phone number and delivery address, so we can deliver your order and call to confirm cash on delivery.</li>
        <li>Your order history, so you can follow your orders and return items.</li>
        <li>Messages you send us through the contact form, and e-mail addresses left for "notify me".</li>
      </ul>
      <h2>What we do not do</h2>
      <ul>
        <li>We never sell or rent your information.</li>
        <li>We do not take card payments, so we hold no card numbers.</li>
        <li>We do not use third-party advertising trackers.</li>
      </ul>
      <h2>Who sees it</h2>
      <p>Our staff, to process orders, and the courier company, which receives your name, phone and address to deliver the parcel.</p>
      <h2>Your choices</h2>
      <p>You can change your details or delete your account at any time. When an account is deleted we keep its orders for our accounts, with personal details removed.</p>
      <h2>Contact</h2>
      <p>Questions about your data: {shop?.contactEmail ?? "our support e-mail"}.</p>
    </PolicyPage>
  );
}
