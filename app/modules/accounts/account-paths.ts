/** Where a seller changes their password (the "password changed" e-mail links to it). */
export const SELLER_PASSWORD_PATH = "/seller/password";
