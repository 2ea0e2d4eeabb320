import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("has working defaults with nothing set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", DATA_DIR: "./data", SHOP_NAME: "Kapra" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
  it("reads PostgreSQL from DATABASE_URL", () => {
    expect(
      parseEnv({ DATABASE_URL: "postgres://u@localhost:5432/shop", BETTER_AUTH_SECRET: "s".repeat(32) }).DATABASE_URL,
    ).toBe("postgres://u@localhost:5432/shop");
  });
  it("takes WEB_CONCURRENCY as a whole number of processes, empty meaning one per core", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    for (const bad of ["0", "-1", "2.5", "many", "1000"])
      expect(() => parseEnv({ WEB_CONCURRENCY: bad })).toThrow(
        /WEB_CONCURRENCY: must be a whole number of processes from 1 to 256/,
      );
  });
  it("stops on a bad value and names the variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
  it("takes a mail server as smtp:// or smtps:// and a sender as an address or Name <address>", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtp://user:secret@mail.example.pk:587" }).SMTP_URL).toBe(
      "smtp://user:secret@mail.example.pk:587",
    );
    expect(parseEnv({ SMTP_URL: "smtps://mail.example.pk" }).SMTP_URL).toBe("smtps://mail.example.pk");
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.pk" })).toThrow(/SMTP_URL: must be a URL like smtp:/);
    expect(() => parseEnv({ SMTP_URL: "mail.example.pk:25" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ MAIL_FROM: "Kapra <orders@kapra.pk>" }).MAIL_FROM).toBe("Kapra <orders@kapra.pk>");
    expect(parseEnv({ MAIL_FROM: "orders@kapra.pk" }).MAIL_FROM).toBe("orders@kapra.pk");
    expect(() => parseEnv({ MAIL_FROM: "Kapra <not an address>" })).toThrow(/MAIL_FROM/);
    expect(() => parseEnv({ MAIL_FROM: "orders" })).toThrow(/MAIL_FROM/);
  });
  it("takes TRUST_PROXY as a hop count or proxy addresses, and refuses true with what to write instead", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.5" }).TRUST_PROXY).toEqual(["10.0.0.5"]);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 172.16.0.1,fd00::/8, loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "172.16.0.1",
      "fd00::/8",
      "loopback",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: "true" would trust any address a client writes in X-Forwarded-For: write the number of proxies/,
    );
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0", "999", "*", "10.0.0.1/8/2"])
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: .*is not a hop count or a list of addresses/);
  });
  it("takes WHATSAPP_API_URL as an http(s) address, Meta's Graph API when empty", () => {
    expect(parseEnv({}).WHATSAPP_API_URL).toBe("https://graph.facebook.com/v21.0");
    expect(parseEnv({ WHATSAPP_API_URL: "" }).WHATSAPP_API_URL).toBe("https://graph.facebook.com/v21.0");
    expect(parseEnv({ WHATSAPP_API_URL: "http://127.0.0.1:9900/v21.0" }).WHATSAPP_API_URL).toBe(
      "http://127.0.0.1:9900/v21.0",
    );
    expect(() => parseEnv({ WHATSAPP_API_URL: "graph.facebook.com" })).toThrow(ConfigError);
  });

  it("takes POSTEX_API_URL and LEOPARDS_API_URL as http(s) addresses, the couriers' own when empty", () => {
    expect(parseEnv({})).toMatchObject({
      POSTEX_API_URL: "https://api.postex.pk/services/integration/api/order/",
      LEOPARDS_API_URL: "https://merchantapi.leopardscourier.com/api/",
    });
    expect(parseEnv({ POSTEX_API_URL: "", LEOPARDS_API_URL: "" })).toMatchObject({
      POSTEX_API_URL: "https://api.postex.pk/services/integration/api/order/",
      LEOPARDS_API_URL: "https://merchantapi.leopardscourier.com/api/",
    });
    expect(
      parseEnv({
        POSTEX_API_URL: "http://127.0.0.1:9901/services/integration/api/order/",
        LEOPARDS_API_URL: "https://merchantapistaging.leopardscourier.com/api/",
      }),
    ).toMatchObject({
      POSTEX_API_URL: "http://127.0.0.1:9901/services/integration/api/order/",
      LEOPARDS_API_URL: "https://merchantapistaging.leopardscourier.com/api/",
    });
    expect(() => parseEnv({ POSTEX_API_URL: "api.postex.pk" })).toThrow(
      /POSTEX_API_URL: must be an http\(s\) address, like https:\/\/api\.postex\.pk/,
    );
    expect(() => parseEnv({ LEOPARDS_API_URL: "ftp://merchantapi.leopardscourier.com/api/" })).toThrow(
      /LEOPARDS_API_URL: must be an http\(s\) address/,
    );
    expect(() => parseEnv({ LEOPARDS_API_URL: "file:///etc/passwd" })).toThrow(ConfigError);
  });

  it("takes TCS_API_URL, TRAX_API_URL and MNP_API_URL the same way (issue 45): live by default, a sandbox when given", () => {
    expect(parseEnv({ TCS_API_URL: "", TRAX_API_URL: "", MNP_API_URL: "" })).toMatchObject({
      TCS_API_URL: "https://ociconnect.tcscourier.com",
      TRAX_API_URL: "https://sonic.pk/api",
      MNP_API_URL: "https://mnpcourier.com/mycodapi/api/",
    });
    expect(
      parseEnv({ TCS_API_URL: "https://devconnect.tcscourier.com", TRAX_API_URL: "https://app.sonic.pk/api" }),
    ).toMatchObject({ TCS_API_URL: "https://devconnect.tcscourier.com", TRAX_API_URL: "https://app.sonic.pk/api" });
    expect(() => parseEnv({ MNP_API_URL: "mnpcourier.com/mycodapi" })).toThrow(
      /MNP_API_URL: must be an http\(s\) address/,
    );
  });

  it("takes PUBLIC_URL as an http(s) address", () => {
    expect(parseEnv({ PUBLIC_URL: "https://kapra.pk" }).PUBLIC_URL).toBe("https://kapra.pk");
    expect(() => parseEnv({ PUBLIC_URL: "kapra.pk" })).toThrow(
      /PUBLIC_URL: must be the shop's address, like https:\/\/kapra.pk/,
    );
    expect(() => parseEnv({ PUBLIC_URL: "ftp://kapra.pk" })).toThrow(/PUBLIC_URL/);
  });
  it("requires BETTER_AUTH_SECRET with DATABASE_URL, saying how to make one", () => {
    const url = "postgres://u@localhost:5432/shop";
    expect(() => parseEnv({ DATABASE_URL: url })).toThrow(
      /BETTER_AUTH_SECRET: is required with DATABASE_URL .*openssl rand -base64 32/,
    );
    expect(() => parseEnv({ DATABASE_URL: url, BETTER_AUTH_SECRET: "" })).toThrow(/BETTER_AUTH_SECRET: is required/);
    expect(() => parseEnv({ DATABASE_URL: url, BETTER_AUTH_SECRET: "short" })).toThrow(
      /BETTER_AUTH_SECRET: must be at least 32 characters: make one with `openssl rand -base64 32`/,
    );
    expect(parseEnv({ DATABASE_URL: url, BETTER_AUTH_SECRET: "x".repeat(44) }).BETTER_AUTH_SECRET).toBe("x".repeat(44));
    // The embedded database keeps a generated one in DATA_DIR.
    expect(parseEnv({}).BETTER_AUTH_SECRET).toBeUndefined();
  });
});
