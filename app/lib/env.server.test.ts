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
    expect(parseEnv({ DATABASE_URL: "postgres://u@localhost:5432/shop" }).DATABASE_URL).toBe("postgres://u@localhost:5432/shop");
  });
  it("takes WEB_CONCURRENCY as a whole number of processes, empty meaning one per core", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    for (const bad of ["0", "-1", "2.5", "many", "1000"]) expect(() => parseEnv({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY: must be a whole number of processes from 1 to 256/);
  });
  it("stops on a bad value and names the variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
  it("takes a mail server as smtp:// or smtps:// and a sender as an address or Name <address>", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtp://user:secret@mail.example.pk:587" }).SMTP_URL).toBe("smtp://user:secret@mail.example.pk:587");
    expect(parseEnv({ SMTP_URL: "smtps://mail.example.pk" }).SMTP_URL).toBe("smtps://mail.example.pk");
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.pk" })).toThrow(/SMTP_URL: must be a URL like smtp:/);
    expect(() => parseEnv({ SMTP_URL: "mail.example.pk:25" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ MAIL_FROM: "Kapra <orders@kapra.pk>" }).MAIL_FROM).toBe("Kapra <orders@kapra.pk>");
    expect(parseEnv({ MAIL_FROM: "orders@kapra.pk" }).MAIL_FROM).toBe("orders@kapra.pk");
    expect(() => parseEnv({ MAIL_FROM: "Kapra <not an address>" })).toThrow(/MAIL_FROM/);
    expect(() => parseEnv({ MAIL_FROM: "orders" })).toThrow(/MAIL_FROM/);
  });
});
