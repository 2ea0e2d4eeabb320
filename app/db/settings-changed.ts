/**
 * The Postgres channel on which a settings change is announced. Every server process listens and
 * empties its guest page cache, so the brand, contacts and shipping copy change everywhere at once.
 */
export const SETTINGS_CHANNEL = "shop_settings_changed";
