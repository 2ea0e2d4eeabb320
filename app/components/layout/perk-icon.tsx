import {
  CashIcon,
  ChatIcon,
  GiftIcon,
  LeafIcon,
  ReturnIcon,
  ShieldIcon,
  StarIcon,
  TruckIcon,
} from "~/components/ui/icons";
import type { PerkIcon as PerkIconName } from "~/modules/storefront/perks";

/** The perks strip's small set of icons, by the name stored with each perk. */
export function PerkIcon({ icon }: { icon: PerkIconName }) {
  switch (icon) {
    case "truck":
      return <TruckIcon />;
    case "cash":
      return <CashIcon />;
    case "return":
      return <ReturnIcon />;
    case "shield":
      return <ShieldIcon />;
    case "gift":
      return <GiftIcon />;
    case "chat":
      return <ChatIcon />;
    case "leaf":
      return <LeafIcon />;
    case "star":
      return <StarIcon className="h-7 w-7" filled={false} />;
  }
}
