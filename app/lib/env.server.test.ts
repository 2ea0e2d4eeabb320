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
  it("stops on a bad value and names the variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});
